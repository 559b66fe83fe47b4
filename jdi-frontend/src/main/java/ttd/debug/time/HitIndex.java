package ttd.debug.time;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.LineArrivals;
import ttd.debug.requests.RequestTable;
import ttd.debug.requests.Spec;
import ttd.debug.target.Position;
import ttd.debug.target.Stop;

/**
 * Where every hit of a breakpoint, catch or class-wide watch lies in the whole recording: the
 * position (event, tick) of each, in order. One background replay of the whole
 * recording per spec, started as soon as the spec is set, while the user reads; a reverse-continue
 * then knows its hit without a first pass ({@code ReverseSearch}). A watch on one object, or every
 * line (reverse-step), is not indexed: which hits count depends on the current position.
 */
public final class HitIndex implements AutoCloseable {

  private final Pool pool;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "ttd-index");
    t.setDaemon(true);
    return t;
  });
  private final Map<Spec, CompletableFuture<Position[]>> built = new HashMap<>();
  private final boolean await;

  /** {@code await}: a lookup waits for an index on its way (benchmarks and tests), else skips it. */
  public HitIndex(Pool pool, boolean await) {
    this.pool = pool;
    this.await = await;
  }

  /** Whether {@code spec} can be indexed (its hits count whatever the current position). */
  public static boolean indexable(Spec spec) {
    return !(spec instanceof LineArrivals) && !(spec instanceof FieldWatch && ((FieldWatch) spec).binding() != null);
  }

  /** Starts indexing, in the background, the indexable specs of {@code specs} not indexed yet. */
  public synchronized void want(List<Spec> specs) {
    Map<Spec, CompletableFuture<Position[]>> fresh = new HashMap<>();
    for (Spec s : specs) {
      if (indexable(s) && !built.containsKey(s)) {
        CompletableFuture<Position[]> f = new CompletableFuture<>();
        built.put(s, f);
        fresh.put(s, f);
      }
    }
    if (!fresh.isEmpty()) {
      worker.execute(() -> build(fresh));
    }
  }

  private void build(Map<Spec, CompletableFuture<Position[]>> wanted) {
    List<Spec> specs = List.copyOf(wanted.keySet());
    Map<Spec, List<Position>> hits = new HashMap<>();
    for (Spec s : specs) {
      hits.put(s, new ArrayList<>());
    }
    try (Driver d = new Driver(pool.take(), x -> {})) {
      d.searchWith(specs, (ordinal, e, index) -> {
        hits.get((Spec) e.request().getProperty(Spec.class)).add(d.target().observedAt());
        return false;
      });
      d.user().sync(List.of(), Map.of());
      Stop s = d.target().resume();
      while (!s.ended()) {
        s = d.target().resume();
      }
    } catch (RuntimeException e) {
      wanted.values().forEach(f -> f.complete(null)); // an optimisation: searches scan instead
      return;
    }
    for (Map.Entry<Spec, List<Position>> e : hits.entrySet()) {
      wanted.get(e.getKey()).complete(e.getValue().toArray(new Position[0]));
    }
  }

  /**
   * The position (event, tick) of each hit of {@code spec} in the whole recording, in order; null
   * if it is not indexed (yet).
   */
  public Position[] hits(Spec spec) {
    CompletableFuture<Position[]> f;
    synchronized (this) {
      f = built.get(spec);
    }
    if (f == null || (!f.isDone() && !await)) {
      return null;
    }
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (java.util.concurrent.ExecutionException e) {
      return null;
    }
  }

  /** How many specs are indexed, and how many are asked for. */
  public synchronized int[] progress() {
    int done = 0;
    for (CompletableFuture<Position[]> f : built.values()) {
      done += f.isDone() ? 1 : 0;
    }
    return new int[] {done, built.size()};
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
