package ttd.compat.caffeine;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A size-bounded, expiring Caffeine loading cache hit by several threads, with statistics and removals. */
public class LoadingCacheStats {
  public static void main(String[] args) throws Exception {
    AtomicInteger loads = new AtomicInteger();
    Map<RemovalCause, AtomicInteger> removals = new ConcurrentHashMap<>();
    LoadingCache<Integer, String> cache = Caffeine.newBuilder()
        .maximumSize(200)
        .expireAfterWrite(Duration.ofMillis(300))
        .recordStats()
        .removalListener((Integer k, String v, RemovalCause cause) ->
            removals.computeIfAbsent(cause, c -> new AtomicInteger()).incrementAndGet())
        .build(key -> {
          loads.incrementAndGet();
          return key + "@" + System.nanoTime() % 100_000 + "/" + Thread.currentThread().getName();
        });
    ExecutorService pool = Executors.newFixedThreadPool(4);
    for (int t = 0; t < 4; t++) {
      pool.submit(() -> {
        Random random = new Random();
        for (int i = 0; i < 3000; i++) {
          cache.get((int) Math.abs(random.nextGaussian() * 150));
          if (i % 1000 == 999) {
            try {
              Thread.sleep(120);
            } catch (InterruptedException e) {
              return;
            }
          }
        }
      });
    }
    pool.shutdown();
    System.out.println("done " + pool.awaitTermination(60, TimeUnit.SECONDS));
    cache.cleanUp();
    System.out.println("loads " + loads.get() + " stats " + cache.stats());
    System.out.println("key 7 " + cache.get(7));
    System.out.println("size " + cache.estimatedSize() + " removals " + new java.util.TreeMap<>(removals));
  }
}
