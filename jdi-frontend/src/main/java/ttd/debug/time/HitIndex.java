package ttd.debug.time;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.LineArrivals;
import ttd.debug.requests.RequestTable;
import ttd.debug.requests.Spec;
import ttd.debug.target.Stop;

/**
 * Where every hit of a breakpoint, catch or class-wide watch lies in the whole recording: the
 * index of the last event consumed before each, in order. One background replay of the whole
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
  private final Map<Spec, long[]> done = new HashMap<>();
  private final List<Spec> asked = new ArrayList<>();

  public HitIndex(Pool pool) {
    this.pool = pool;
  }

  /** Whether {@code spec} can be indexed (its hits count whatever the current position). */
  public static boolean indexable(Spec spec) {
    return !(spec instanceof LineArrivals) && !(spec instanceof FieldWatch && ((FieldWatch) spec).binding() != null);
  }

  /** Starts indexing, in the background, the indexable specs of {@code specs} not indexed yet. */
  public synchronized void want(List<Spec> specs) {
    List<Spec> fresh = new ArrayList<>();
    for (Spec s : specs) {
      if (indexable(s) && !asked.contains(s)) {
        asked.add(s);
        fresh.add(s);
      }
    }
    if (!fresh.isEmpty()) {
      worker.execute(() -> build(fresh));
    }
  }

  private void build(List<Spec> specs) {
    Map<Spec, List<Long>> hits = new HashMap<>();
    for (Spec s : specs) {
      hits.put(s, new ArrayList<>());
    }
    try (Driver d = new Driver(pool.take(), x -> {})) {
      d.searchWith(specs, (ordinal, e, index) -> {
        hits.get((Spec) e.request().getProperty(Spec.class)).add(index.getAsLong());
        return false;
      });
      d.user().sync(List.of(), Map.of());
      Stop s = d.target().resume();
      while (!s.ended()) {
        s = d.target().resume();
      }
    } catch (RuntimeException e) {
      return; // the index is an optimisation: searches scan instead
    }
    synchronized (this) {
      for (Map.Entry<Spec, List<Long>> e : hits.entrySet()) {
        done.put(e.getKey(), e.getValue().stream().mapToLong(Long::longValue).toArray());
      }
    }
  }

  /** The events before each hit of {@code spec} in the whole recording, in order; null if not indexed yet. */
  public synchronized long[] hits(Spec spec) {
    return done.get(spec);
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
