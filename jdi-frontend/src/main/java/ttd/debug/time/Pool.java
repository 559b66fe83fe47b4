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
import java.util.function.Consumer;
import java.util.function.Function;
import ttd.debug.replayvm.Launcher;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;

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
  private final Map<List<Motion>, Deque<Arrival>> parked = new LinkedHashMap<>();
  private boolean closed;

  /**
   * Where a parked JVM's replay starts: a JVM taken from another parking place and brought on to
   * {@code path}, after telling {@code origin} where it was taken from; null if none is at hand
   * (the pool then replays the path in a fresh JVM).
   */
  public interface Source {
    Driver bring(List<Motion> path, Consumer<Position> origin);
  }

  /**
   * A JVM on its way to a parking place, or arrived: and where its replay started, once a builder
   * has taken it up from another parking place (null: not yet, or from the start), so that a
   * search can tell a JVM a short replay away from one replaying the whole history.
   */
  private static final class Arrival {
    final CompletableFuture<Driver> future;
    volatile Position origin;

    Arrival(Function<Arrival, Driver> build, ExecutorService on) {
      this.future = CompletableFuture.supplyAsync(() -> build.apply(this), on);
    }

    boolean ready() {
      return future.isDone() && !future.isCompletedExceptionally();
    }
  }

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
    Deque<Arrival> at = parked.get(history);
    if (at == null || at.isEmpty()) {
      parkCopies(history, specs, 1, (p, origin) -> null);
    }
  }

  /**
   * Makes sure {@code copies} JVMs are parked (or on their way) at the end of {@code path}; the
   * history's own requests are set there, none after it. Each starts from what {@code from} brings
   * when a builder gets to it, else replays the path in a fresh JVM; a build that fails (a replay
   * that ends before a pause the path ends with) leaves its place empty.
   */
  public synchronized void parkCopies(List<Motion> path, List<Spec> specs, int copies, Source from) {
    Deque<Arrival> at = parked.computeIfAbsent(path, k -> new ArrayDeque<>());
    while (!closed && at.size() < copies) {
      if (total() >= parkedMax) {
        evictOldest(path);
        if (total() >= parkedMax) {
          return;
        }
      }
      Arrival a = new Arrival(
          arrival -> {
            Driver taken = from.bring(path, o -> arrival.origin = o);
            if (taken != null) {
              taken.origin(arrival.origin);
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
          builder);
      at.add(a);
      a.future.whenComplete((d, failure) -> {
        if (failure != null) {
          forget(path, a);
        }
      });
    }
  }

  /** A build that failed leaves its place: the path may be parked again, and nothing counts it. */
  private synchronized void forget(List<Motion> path, Arrival a) {
    Deque<Arrival> at = parked.get(path);
    if (at != null) {
      at.remove(a);
    }
  }

  private int total() {
    int n = 0;
    for (Deque<Arrival> d : parked.values()) {
      n += d.size();
    }
    return n;
  }

  private void evictOldest(List<Motion> keep) {
    for (Map.Entry<List<Motion>, Deque<Arrival>> e : parked.entrySet()) {
      if (!e.getKey().equals(keep) && !e.getValue().isEmpty()) {
        e.getValue().poll().future.thenAccept(Driver::close);
        return;
      }
    }
  }

  /** Drops the JVMs parked at {@code path}. */
  public synchronized void discard(List<Motion> path) {
    Deque<Arrival> at = parked.remove(path);
    if (at != null) {
      for (Arrival a : at) {
        a.future.thenAccept(Driver::close);
      }
    }
  }

  /** A JVM parked at {@code path} that has arrived there; null if none has yet. */
  public synchronized Driver takeReady(List<Motion> path) {
    Arrival a = firstArrived(path);
    if (a == null) {
      return null;
    }
    parked.get(path).remove(a);
    return a.future.join();
  }

  /** Whether a JVM parked at {@code path} has arrived there. */
  public synchronized boolean hasReady(List<Motion> path) {
    return firstArrived(path) != null;
  }

  private Arrival firstArrived(List<Motion> path) {
    Deque<Arrival> at = parked.get(path);
    return at == null ? null : at.stream().filter(Arrival::ready).findFirst().orElse(null);
  }

  /**
   * A JVM on its way to {@code path} whose replay started at {@code from} or later (from another
   * parking place on the same history), waiting for it; null if none is.
   */
  public Driver takeComing(List<Motion> path, Position from) {
    Arrival chosen = null;
    synchronized (this) {
      Deque<Arrival> at = parked.get(path);
      for (Arrival a : at == null ? List.<Arrival>of() : at) {
        Position o = a.origin;
        if (!a.future.isDone() && o != null && !o.before(from)) {
          chosen = a;
          break;
        }
      }
      if (chosen != null) {
        at.remove(chosen);
      }
    }
    return chosen == null ? null : awaited(chosen);
  }

  /** Whether a JVM is parked at {@code path} or on its way there. */
  public synchronized boolean parkedAt(List<Motion> path) {
    Deque<Arrival> at = parked.get(path);
    return at != null && !at.isEmpty();
  }

  /** How many JVMs are parked at {@code path} (arrived, on their way). */
  public synchronized int[] count(List<Motion> path) {
    Deque<Arrival> at = parked.get(path);
    int done = 0;
    int all = at == null ? 0 : at.size();
    if (at != null) {
      for (Arrival a : at) {
        done += a.future.isDone() ? 1 : 0;
      }
    }
    return new int[] {done, all};
  }

  /** The JVM parked at {@code history}, waiting for it if it is still on its way; null if none. */
  public Driver takeParked(List<Motion> history) {
    Arrival a;
    synchronized (this) {
      Deque<Arrival> at = parked.get(history);
      a = at == null ? null : at.poll();
    }
    return a == null ? null : awaited(a);
  }

  private static Driver awaited(Arrival a) {
    try {
      return a.future.get();
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
    for (Deque<Arrival> at : parked.values()) {
      for (Arrival a : at) {
        a.future.thenAcceptAsync(Driver::close, closer);
      }
    }
    closer.shutdown();
    starter.shutdownNow();
    builder.shutdownNow();
  }
}
