package ttd.debug.time;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import ttd.debug.requests.Spec;
import ttd.debug.target.Launcher;
import ttd.debug.target.Stop;
import ttd.debug.target.Target;

/**
 * Replay JVMs started ahead of need, since a JVM cannot fork: a few fresh ones waiting at VM
 * start (every search that starts from the beginning needs one), and some parked at the end of a
 * history (a checkpoint of the user's, a rung of the {@link Ladder}). Sized for a 2-core machine:
 * fresh JVMs start one at a time, and at most {@code builders} JVMs replay towards their parking
 * place at once, in the background, while the user reads.
 */
public final class Pool implements AutoCloseable {

  private final Launcher launcher;
  private final int fresh;
  private final int parkedMax;
  private final ExecutorService starter;
  private final ExecutorService builder;
  private final Deque<CompletableFuture<Target>> ready = new ArrayDeque<>();
  private final Map<List<Motion>, Deque<CompletableFuture<Driver>>> parked = new LinkedHashMap<>();
  private boolean closed;

  public Pool(Launcher launcher, int fresh, int parkedMax, int builders) {
    this.launcher = launcher;
    this.fresh = fresh;
    this.parkedMax = parkedMax;
    this.starter = Executors.newSingleThreadExecutor(Pool::daemon);
    this.builder = Executors.newFixedThreadPool(builders, Pool::daemon);
    refill();
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "ttd-pool");
    t.setDaemon(true);
    return t;
  }

  /** A replay JVM at VM start; a new one starts in the background to take its place. */
  public synchronized Target take() {
    CompletableFuture<Target> next = ready.poll();
    refill();
    if (next == null) {
      return new Target(launcher.start());
    }
    try {
      return next.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a replay JVM");
    } catch (ExecutionException e) {
      return new Target(launcher.start());
    }
  }

  private void refill() {
    while (!closed && ready.size() < fresh) {
      ready.add(CompletableFuture.supplyAsync(() -> new Target(launcher.start()), starter));
    }
  }

  /** Starts parking a JVM at the end of {@code history} (with {@code specs} set) unless one is. */
  public synchronized void park(List<Motion> history, List<Spec> specs) {
    Deque<CompletableFuture<Driver>> at = parked.get(history);
    if (at == null || at.isEmpty()) {
      parkCopies(history, specs, 1, p -> null);
    }
  }

  /**
   * Makes sure {@code copies} JVMs are parked (or on their way) at the end of {@code path}; the
   * history's own requests are set there, none after it. Each starts from what {@code from} gives
   * when a builder gets to it (a JVM it has taken on to the end of the path), else replays the
   * path in a fresh JVM.
   */
  public synchronized void parkCopies(List<Motion> path, List<Spec> specs, int copies, Function<List<Motion>, Driver> from) {
    Deque<CompletableFuture<Driver>> at = parked.computeIfAbsent(path, k -> new ArrayDeque<>());
    while (!closed && at.size() < copies) {
      if (total() >= parkedMax) {
        evictOldest(path);
        if (total() >= parkedMax) {
          return;
        }
      }
      at.add(CompletableFuture.supplyAsync(
          () -> {
            Driver taken = from.apply(path);
            if (taken != null) {
              return taken;
            }
            Driver d = new Driver(new Target(launcher.start()), s -> {});
            try {
              Stop last = d.replay(path, specs);
              if (!path.isEmpty() && path.get(path.size() - 1).kind() == Motion.Kind.PAUSE && (last == null || !last.paused())) {
                throw new IllegalStateException("the replay ended before it reached the pause at " + path.get(path.size() - 1).position().label());
              }
              return d;
            } catch (RuntimeException e) {
              d.close();
              throw e;
            }
          },
          builder));
    }
  }

  private int total() {
    int n = 0;
    for (Deque<CompletableFuture<Driver>> d : parked.values()) {
      n += d.size();
    }
    return n;
  }

  private void evictOldest(List<Motion> keep) {
    for (Map.Entry<List<Motion>, Deque<CompletableFuture<Driver>>> e : parked.entrySet()) {
      if (!e.getKey().equals(keep) && !e.getValue().isEmpty()) {
        e.getValue().poll().thenAccept(Driver::close);
        return;
      }
    }
  }

  /** Drops the JVMs parked at {@code path}. */
  public synchronized void discard(List<Motion> path) {
    Deque<CompletableFuture<Driver>> at = parked.remove(path);
    if (at != null) {
      for (CompletableFuture<Driver> f : at) {
        f.thenAccept(Driver::close);
      }
    }
  }

  /** A JVM parked at {@code path} that has arrived there; null if none has yet. */
  public synchronized Driver takeReady(List<Motion> path) {
    Deque<CompletableFuture<Driver>> at = parked.get(path);
    if (at == null) {
      return null;
    }
    for (CompletableFuture<Driver> f : at) {
      if (f.isDone() && !f.isCompletedExceptionally()) {
        at.remove(f);
        return f.join();
      }
    }
    return null;
  }

  /** Whether a JVM is parked at {@code path} or on its way there. */
  public synchronized boolean parkedAt(List<Motion> path) {
    Deque<CompletableFuture<Driver>> at = parked.get(path);
    return at != null && !at.isEmpty();
  }

  /** How many JVMs are parked at {@code path} (arrived, on their way). */
  public synchronized int[] count(List<Motion> path) {
    Deque<CompletableFuture<Driver>> at = parked.get(path);
    int done = 0;
    int all = at == null ? 0 : at.size();
    if (at != null) {
      for (CompletableFuture<Driver> f : at) {
        done += f.isDone() ? 1 : 0;
      }
    }
    return new int[] {done, all};
  }

  /** The JVM parked at {@code history}, waiting for it if it is still on its way; null if none. */
  public Driver takeParked(List<Motion> history) {
    CompletableFuture<Driver> f;
    synchronized (this) {
      Deque<CompletableFuture<Driver>> at = parked.get(history);
      f = at == null ? null : at.poll();
    }
    if (f == null) {
      return null;
    }
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (ExecutionException e) {
      return null;
    }
  }

  /** Ends every JVM of the pool, in the background: the console does not wait for them to go. */
  @Override
  public synchronized void close() {
    closed = true;
    ExecutorService closer = Executors.newSingleThreadExecutor(Pool::daemon);
    for (CompletableFuture<Target> f : ready) {
      f.thenAcceptAsync(Target::close, closer);
    }
    for (Deque<CompletableFuture<Driver>> at : parked.values()) {
      for (CompletableFuture<Driver> f : at) {
        f.thenAcceptAsync(Driver::close, closer);
      }
    }
    closer.shutdown();
    starter.shutdownNow();
    builder.shutdownNow();
  }
}
