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
import ttd.debug.requests.Spec;
import ttd.debug.target.Launcher;
import ttd.debug.target.Target;

/**
 * Replay JVMs started ahead of need, since a JVM cannot fork: a few fresh ones waiting at VM
 * start (every reverse search and goto needs one), and some parked at checkpoints (a history
 * replayed up to its end). Sized for a 2-core machine: one JVM starts at a time, in the
 * background, while the user reads.
 */
public final class Pool implements AutoCloseable {

  private final Launcher launcher;
  private final int fresh;
  private final int parkedMax;
  private final ExecutorService starter;
  private final Deque<CompletableFuture<Target>> ready = new ArrayDeque<>();
  private final Map<List<Motion>, CompletableFuture<Driver>> parked = new LinkedHashMap<>();
  private boolean closed;

  public Pool(Launcher launcher, int fresh, int parkedMax) {
    this.launcher = launcher;
    this.fresh = fresh;
    this.parkedMax = parkedMax;
    this.starter =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "ttd-pool");
              t.setDaemon(true);
              return t;
            });
    refill();
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

  /** Starts parking a JVM at the end of {@code history} (with {@code specs} set) in the background. */
  public synchronized void park(List<Motion> history, List<Spec> specs) {
    if (closed || parked.containsKey(history)) {
      return;
    }
    while (parked.size() >= parkedMax) {
      List<Motion> oldest = parked.keySet().iterator().next();
      CompletableFuture<Driver> f = parked.remove(oldest);
      f.thenAccept(Driver::close);
    }
    parked.put(
        history,
        CompletableFuture.supplyAsync(
            () -> {
              Driver d = new Driver(new Target(launcher.start()), s -> {});
              d.replay(history, specs);
              return d;
            },
            starter));
  }

  /** The JVM parked at {@code history}, waiting for it if it is still on its way; null if none. */
  public synchronized Driver takeParked(List<Motion> history) {
    CompletableFuture<Driver> f = parked.remove(history);
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

  @Override
  public synchronized void close() {
    closed = true;
    for (CompletableFuture<Target> f : ready) {
      f.thenAccept(Target::close);
    }
    for (CompletableFuture<Driver> f : parked.values()) {
      f.thenAccept(Driver::close);
    }
    starter.shutdownNow();
  }
}
