package ttd.compat.async;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/** CompletableFuture chains on the common pool and on a fixed pool: compose, combine, timeouts, errors. */
public class CompletableFutureChains {
  static int slowSquare(int n) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextInt(5, 15));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return n * n;
  }

  public static void main(String[] args) {
    ExecutorService pool = Executors.newFixedThreadPool(3, r -> {
      Thread t = new Thread(r);
      t.setName("quote-" + t.getId());
      return t;
    });
    List<CompletableFuture<String>> chains = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      int n = i;
      CompletableFuture<Integer> square = CompletableFuture.supplyAsync(() -> slowSquare(n));
      CompletableFuture<Integer> price = CompletableFuture.supplyAsync(() -> ThreadLocalRandom.current().nextInt(100), pool);
      chains.add(square.thenCombine(price, Integer::sum)
          .thenCompose(v -> CompletableFuture.supplyAsync(() -> {
            if (v % 5 == 0) {
              throw new IllegalStateException("multiple of five: " + v);
            }
            return v;
          }, pool))
          .thenApply(v -> n + " -> " + v)
          .exceptionally(e -> n + " failed: " + e.getCause().getMessage())
          .orTimeout(30, TimeUnit.SECONDS));
    }
    chains.forEach(c -> System.out.println(c.join()));
    String any = CompletableFuture.anyOf(
            CompletableFuture.supplyAsync(() -> "a" + slowSquare(3), pool),
            CompletableFuture.supplyAsync(() -> "b" + slowSquare(4), pool))
        .thenApply(Object::toString).join();
    System.out.println("first " + any);
    System.out.println("delayed " + CompletableFuture.supplyAsync(System::currentTimeMillis,
        CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS)).thenApply(t -> t % 100_000).join());
    pool.shutdown();
  }
}
