package ttd.compat.guava;

import com.google.common.base.Stopwatch;
import com.google.common.cache.CacheBuilder;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.HashMultimap;
import com.google.common.collect.ImmutableSortedMap;
import com.google.common.collect.Multimap;
import com.google.common.collect.Multiset;
import com.google.common.collect.HashMultiset;
import com.google.common.eventbus.EventBus;
import com.google.common.eventbus.Subscribe;
import com.google.common.hash.Hashing;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.ListeningExecutorService;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.common.util.concurrent.Futures;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** A Guava LoadingCache with expiry and stats, multimaps, hashing, an event bus and listenable futures. */
public class CachesAndCollections {
  public static void main(String[] args) throws Exception {
    Stopwatch watch = Stopwatch.createStarted();
    LoadingCache<String, Long> cache = CacheBuilder.newBuilder()
        .maximumSize(100).expireAfterAccess(200, TimeUnit.MILLISECONDS).recordStats()
        .build(new CacheLoader<>() {
          @Override
          public Long load(String key) {
            return Hashing.murmur3_128().hashString(key + System.nanoTime(), StandardCharsets.UTF_8).asLong();
          }
        });
    Random random = new Random();
    Multimap<Integer, String> byBucket = HashMultimap.create();
    Multiset<String> seen = HashMultiset.create();
    for (int i = 0; i < 2000; i++) {
      String key = "user" + random.nextInt(300);
      long v = cache.getUnchecked(key);
      byBucket.put((int) Math.floorMod(v, 7), key);
      seen.add(key.substring(0, 5));
    }
    System.out.println("stats " + cache.stats());
    System.out.println("buckets " + ImmutableSortedMap.copyOf(byBucket.asMap()).keySet() + " sizes "
        + byBucket.keySet().stream().map(k -> byBucket.get(k).size()).toList());
    System.out.println("seen " + seen.entrySet());
    EventBus bus = new EventBus("orders");
    List<String> received = new ArrayList<>();
    bus.register(new Object() {
      @Subscribe
      public void on(String event) {
        received.add(event + "@" + Thread.currentThread().getName());
      }
    });
    ListeningExecutorService pool = MoreExecutors.listeningDecorator(Executors.newFixedThreadPool(3));
    List<ListenableFuture<String>> futures = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      int n = i;
      futures.add(pool.submit(() -> "task" + n + ":" + Thread.currentThread().getName() + ":" + random.nextInt(1000)));
    }
    for (String s : Futures.allAsList(futures).get()) {
      bus.post(s);
    }
    pool.shutdown();
    pool.awaitTermination(10, TimeUnit.SECONDS);
    System.out.println("received " + received);
    System.out.println("sha " + Hashing.sha256().hashString(received.toString(), StandardCharsets.UTF_8));
    System.out.println("elapsed>0 " + (watch.elapsed(TimeUnit.NANOSECONDS) > 0) + " " + watch.elapsed(TimeUnit.MICROSECONDS));
  }
}
