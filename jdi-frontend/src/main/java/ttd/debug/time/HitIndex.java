package ttd.debug.time;

import com.sun.jdi.ObjectReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.WatchpointEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.requests.Binding;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.LineArrivals;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;

/**
 * Where every hit of a breakpoint, catch or watch lies in the whole recording: the position
 * (event, tick) of each, in order. One background replay of the whole recording, started
 * as soon as a spec is set, while the user reads; a reverse-continue then knows its hit without a
 * first pass ({@code ReverseSearch}). A watch on one object is indexed as its class-wide watch
 * (what a search installs) plus which of those hits touch the object: the replay follows the
 * binding's anchor to the point where the object was named, resolves it there, and compares the
 * objects of the hits (JDI keeps an object's id while the console holds its reference, and never
 * reuses one; nothing runs in the replay, so nothing is perturbed). Every line (reverse-step) is
 * not indexed. The first {@link #want} also queues the {@link FirstEntries} of every method,
 * which tells of a breakpoint set later, before its own index is built, that it has no hit before
 * a position.
 */
public final class HitIndex implements AutoCloseable {

  /**
   * The hits of a spec's observer ({@link #observer}) in the whole recording: {@code all} the
   * position (event, tick) of each, in order, and {@code counted} the positions in {@code all} of the
   * hits that count for the spec (all of them, but for a watch on one object).
   */
  public record Hits(Position[] all, int[] counted) {

    /** The positions of the hits that count for the spec, in order. */
    public Position[] countedPositions() {
      Position[] p = new Position[counted.length];
      for (int i = 0; i < counted.length; i++) {
        p[i] = all[counted[i]];
      }
      return p;
    }
  }

  /** How often a wait for the index looks whether Ctrl-C ended it. */
  private static final long STOP_POLL_MS = 50;

  private final Pool pool;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "ttd-index");
    t.setDaemon(true);
    return t;
  });
  private final Map<Spec, CompletableFuture<Hits>> built = new HashMap<>();
  private final boolean await;
  private final FirstEntries firstEntries = new FirstEntries();
  private boolean entriesWanted;

  /** {@code await}: a lookup waits for an index on its way (benchmarks and tests), else skips it. */
  public HitIndex(Pool pool, boolean await) {
    this.pool = pool;
    this.await = await;
  }

  /** Whether {@code spec} can be indexed (every line cannot: which hits count depends on the position). */
  public static boolean indexable(Spec spec) {
    return !(spec instanceof LineArrivals);
  }

  /** What a replay observes for {@code spec}: the watch on every instance for a watch on one object. */
  public static Spec observer(Spec spec) {
    return spec instanceof FieldWatch ? ((FieldWatch) spec).classWide() : spec;
  }

  /** Starts indexing, in the background, the indexable specs of {@code specs} not indexed yet. */
  public synchronized void want(List<Spec> specs) {
    Map<List<Motion>, Map<Spec, CompletableFuture<Hits>>> fresh = new LinkedHashMap<>();
    for (Spec s : specs) {
      if (indexable(s) && !built.containsKey(s)) {
        CompletableFuture<Hits> f = new CompletableFuture<>();
        built.put(s, f);
        Binding b = s instanceof FieldWatch ? ((FieldWatch) s).binding() : null;
        fresh.computeIfAbsent(b == null ? List.of() : b.anchor(), k -> new LinkedHashMap<>()).put(s, f);
      }
    }
    if (fresh.size() > 1 && fresh.containsKey(List.of())) {
      Map<Spec, CompletableFuture<Hits>> plain = fresh.remove(List.of());
      fresh.values().iterator().next().putAll(plain); // no binding to follow: any replay serves them
    }
    for (Map.Entry<List<Motion>, Map<Spec, CompletableFuture<Hits>>> e : fresh.entrySet()) {
      worker.execute(() -> build(e.getKey(), e.getValue()));
    }
    if (!entriesWanted) {
      entriesWanted = true;
      worker.execute(() -> firstEntries.build(pool)); // after the specs' own: those land searches
    }
  }

  /**
   * Whether {@code spec} surely has no hit before {@code p} ({@link FirstEntries#noHitBefore}),
   * by the index of first entries the first {@link #want} queued, after its specs' own. With
   * {@code await} (benchmarks and tests) this waits for that index, as {@link #hits} waits.
   */
  public boolean noHitBefore(Spec spec, Position p, VirtualMachine current) {
    boolean wanted;
    synchronized (this) {
      wanted = entriesWanted;
    }
    if (await && wanted) {
      firstEntries.await();
    }
    return firstEntries.noHitBefore(spec, p, current);
  }

  /** Whether the index of first entries is being built (asked for and not done). */
  public synchronized boolean buildingFirstEntries() {
    return entriesWanted && !firstEntries.done();
  }

  /** {@code later} names the same object as {@code earlier} (a watch carried to a new history): same hits. */
  public synchronized void alias(Spec later, Spec earlier) {
    CompletableFuture<Hits> f = built.get(earlier);
    if (f != null && !built.containsKey(later)) {
      built.put(later, f);
    }
  }

  /** One watch on one object during a build: its object once resolved, and its hits. */
  private static final class Watched {
    ObjectReference object;
    final List<Integer> counted = new ArrayList<>();
  }

  /** One replay from the start to the end, following {@code anchor} (empty: none) for the bindings. */
  private void build(List<Motion> anchor, Map<Spec, CompletableFuture<Hits>> wanted) {
    List<Spec> observers = new ArrayList<>();
    Map<Spec, List<Position>> hits = new HashMap<>();
    Map<Spec, List<ObjectReference>> objects = new HashMap<>();
    Map<Spec, Watched> watched = new LinkedHashMap<>();
    for (Spec s : wanted.keySet()) {
      Spec o = observer(s);
      if (!observers.contains(o)) {
        observers.add(o);
        hits.put(o, new ArrayList<>());
      }
      if (s instanceof FieldWatch && ((FieldWatch) s).binding() != null) {
        watched.put(s, new Watched());
        objects.put(o, new ArrayList<>());
      }
    }
    try (Driver d = new Driver(pool.take(), x -> {})) {
      d.searchWith(observers, (ordinal, e, index) -> {
        Spec o = (Spec) e.request().getProperty(Spec.class);
        List<Position> at = hits.get(o);
        ObjectReference object = e instanceof WatchpointEvent ? ((WatchpointEvent) e).object() : null;
        for (Map.Entry<Spec, Watched> w : watched.entrySet()) {
          if (observer(w.getKey()).equals(o) && w.getValue().object != null && w.getValue().object.equals(object)) {
            w.getValue().counted.add(at.size());
          }
        }
        if (objects.containsKey(o)) {
          objects.get(o).add(object); // kept until the bindings resolve, so their ids stay
        }
        at.add(d.target().observedAt());
        return false;
      });
      Stop s = anchor.isEmpty() ? null : d.replay(anchor, List.of());
      for (Map.Entry<Spec, Watched> w : watched.entrySet()) {
        ObjectReference o = d.resolve(((FieldWatch) w.getKey()).binding());
        List<ObjectReference> before = objects.get(observer(w.getKey()));
        if (o != null) {
          o.disableCollection();
          for (int i = 0; i < before.size(); i++) {
            if (o.equals(before.get(i))) {
              w.getValue().counted.add(i);
            }
          }
        }
        w.getValue().object = o;
      }
      objects.clear();
      d.user().sync(List.of(), Map.of());
      while (s == null || !s.ended()) {
        s = d.target().resume();
      }
    } catch (RuntimeException e) {
      wanted.values().forEach(f -> f.complete(null)); // an optimisation: searches scan instead
      return;
    }
    for (Map.Entry<Spec, CompletableFuture<Hits>> e : wanted.entrySet()) {
      Position[] all = hits.get(observer(e.getKey())).toArray(new Position[0]);
      Watched w = watched.get(e.getKey());
      int[] counted = w == null ? java.util.stream.IntStream.range(0, all.length).toArray()
          : w.object == null ? null : w.counted.stream().mapToInt(Integer::intValue).sorted().toArray();
      e.getValue().complete(counted == null ? null : new Hits(all, counted));
    }
  }

  /** The hits of {@code spec} in the whole recording; null if it is not indexed (yet). */
  public Hits hits(Spec spec) {
    return hits(spec, await);
  }

  /**
   * The hits of {@code spec}, indexing it now and waiting for it if need be (a watch whose object
   * only the index can tell); null if the index failed. The wait ends with {@link Interrupted} as
   * soon as {@code stop} says so (Ctrl-C); the index goes on being built in the background.
   */
  public Hits hitsNow(Spec spec, BooleanSupplier stop) {
    want(List.of(spec));
    CompletableFuture<Hits> f;
    synchronized (this) {
      f = built.get(spec);
    }
    return f == null ? null : waitFor(f, stop);
  }

  /** {@code f}'s hits once built (null if the build failed); {@link Interrupted} once {@code stop} says so. */
  static Hits waitFor(CompletableFuture<Hits> f, BooleanSupplier stop) {
    while (true) {
      try {
        return f.get(STOP_POLL_MS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        if (stop.getAsBoolean()) {
          throw new Interrupted();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      } catch (java.util.concurrent.ExecutionException e) {
        return null;
      }
    }
  }

  private Hits hits(Spec spec, boolean wait) {
    CompletableFuture<Hits> f;
    synchronized (this) {
      f = built.get(spec);
    }
    if (f == null || (!f.isDone() && !wait)) {
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
    for (CompletableFuture<Hits> f : built.values()) {
      done += f.isDone() ? 1 : 0;
    }
    return new int[] {done, built.size()};
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
