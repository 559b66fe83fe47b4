package ttd.e2e;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Computes a value once per key and shares it, also between tests running in parallel: the first
 * caller computes it while the others wait for that result (or that failure), and computations for
 * different keys run at the same time.
 */
public final class Memo<V> {

  private final ConcurrentHashMap<String, CompletableFuture<V>> values = new ConcurrentHashMap<>();

  /** The value for {@code key}, computed by {@code compute} on the first call. */
  public V get(String key, Supplier<V> compute) {
    CompletableFuture<V> mine = new CompletableFuture<>();
    CompletableFuture<V> existing = values.putIfAbsent(key, mine);
    if (existing == null) {
      try {
        mine.complete(compute.get());
      } catch (Throwable t) {
        mine.completeExceptionally(t);
      }
      existing = mine;
    }
    try {
      return existing.join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      throw e;
    }
  }
}
