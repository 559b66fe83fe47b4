package ttd.samples.concurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Prices a basket on an executor with CompletableFutures and collects the lines as they complete.
 * The invoice is meant to list items in basket order, but it lists them in completion order, so
 * the invoice (and its checksum) changes from run to run.
 */
public final class QuotePipeline {

  private QuotePipeline() {}

  public static void main(String[] args) {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    Map<String, Integer> perCategory = new ConcurrentHashMap<>();
    List<String> invoice = new CopyOnWriteArrayList<>();
    List<CompletableFuture<Void>> pending = new ArrayList<>();
    for (int item = 1; item <= 12; item++) {
      int id = item;
      pending.add(
          CompletableFuture.supplyAsync(() -> price(id), pool)
              .thenApply(p -> String.format("item %2d  %8.2f", id, p / 100.0))
              .thenAccept(line -> {
                invoice.add(line); // the bug: completion order, not basket order
                perCategory.merge(id % 3 == 0 ? "food" : "goods", 1, Integer::sum);
              }));
    }
    CompletableFuture.allOf(pending.toArray(new CompletableFuture[0])).join();
    pool.shutdown();
    invoice.forEach(System.out::println);
    System.out.println("categories: " + new java.util.TreeMap<>(perCategory));
    System.out.println("invoice checksum: " + Integer.toHexString(String.join("\n", invoice).hashCode()));
  }

  private static long price(int item) {
    long p = 0;
    for (int i = 0; i < 20_000 * (13 - item); i++) {
      p = (p * 31 + i + item) % 100_003;
    }
    return 500 + p % 9_500;
  }
}
