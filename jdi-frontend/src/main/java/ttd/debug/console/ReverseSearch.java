package ttd.debug.console;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.WatchpointEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ttd.debug.BadInput;
import ttd.debug.requests.Binding;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.LineArrivals;
import ttd.debug.requests.RequestTable;
import ttd.debug.requests.Spec;
import ttd.debug.target.Stop;
import ttd.debug.time.Driver;
import ttd.debug.time.Interrupted;
import ttd.debug.time.Motion;
import ttd.debug.time.Rung;

/**
 * Reverse execution by checkpoint and replay. Pass 1: a JVM parked at the nearest rung of the
 * {@link ttd.debug.time.Ladder} before the current position goes on along the console's history
 * with observers for what the user waits for (every instance, since objects cannot be named
 * before they are known), takes note of every hit, and at the current position picks the last
 * hit that counts (for a watch on one object: the hits on the object that the watch's expression
 * names there). A segment without one sends the search to the rung before, scanning up to the
 * rung it had started from, and so on back to the start of the recording. Pass 2: a twin JVM at
 * the same rung runs with only the chosen hit's spec installed and stops at its n-th event since
 * the rung: the same instruction, since replay is deterministic and requests do not change it.
 */
final class ReverseSearch {

  /** One observer event of the first pass. */
  record Hit(long ordinal, long set, Spec spec, ObjectReference object, String thread, int depth, int line, String method) {}

  /** Which hits count, given the first pass's JVM at the current position. */
  interface Acceptance {
    boolean accepts(Hit h, Driver atCurrentPosition);
  }

  private final Session s;

  ReverseSearch(Session s) {
    this.s = s;
  }

  void reverseContinue() {
    requireHistory();
    if (s.specs.isEmpty()) {
      throw new BadInput("there are no breakpoints, watchpoints or catches to go back to; set one first");
    }
    List<Spec> observers = new ArrayList<>();
    for (Spec spec : s.specs) {
      Spec o = spec instanceof FieldWatch ? ((FieldWatch) spec).classWide() : spec;
      if (!observers.contains(o)) {
        observers.add(o);
      }
    }
    String none = "no earlier hit of the breakpoints and watchpoints: going further back would pass the start of the recording";
    IndexedLookup.Found f = needsCurrentPosition() ? null : new IndexedLookup(s).find(observers);
    if (f == IndexedLookup.NOTHING) {
      throw new BadInput(none);
    }
    if (f == null) {
      search(observers, this::userWants, null, none);
      return;
    }
    try {
      land(f.from(), new Hit(f.ordinal(), -1, f.spec(), null, null, 0, 0, null), null);
    } catch (Interrupted e) {
      throw interrupted();
    } finally {
      s.running(null);
    }
  }

  private BadInput interrupted() {
    return new BadInput("interrupted: the search stopped, and the console is still at position " + s.position().label());
  }

  private boolean userWants(Hit h, Driver d) {
    for (Spec spec : s.specs) {
      if (spec.equals(h.spec())) {
        return true;
      }
      if (spec instanceof FieldWatch && ((FieldWatch) spec).classWide().equals(h.spec())) {
        ObjectReference o = d.resolve(((FieldWatch) spec).binding());
        if (o != null && o.equals(h.object())) {
          return true;
        }
      }
    }
    return false;
  }

  /** reverse-step ("step"), reverse-next ("next") and reverse-finish ("finish"), as gdb's. */
  void reverseLine(String kind) {
    requireHistory();
    if (s.ended()) {
      throw new BadInput("the program has ended; reverse-continue or goto first, then step backwards");
    }
    String thread = s.threadName();
    int depth;
    int line;
    String method;
    try {
      depth = s.thread().frameCount();
      line = s.thread().frame(0).location().lineNumber();
      method = s.thread().frame(0).location().method().toString();
    } catch (IncompatibleThreadStateException e) {
      throw new BadInput("the thread is running; stop it first");
    }
    if (kind.equals("finish") && depth <= 1) {
      throw new BadInput("reverse-finish is not meaningful in the outermost frame");
    }
    Acceptance a =
        (h, d) -> {
          if (!h.thread().equals(thread)) {
            return false;
          }
          boolean sameLine = h.depth() == depth && h.line() == line && h.method().equals(method);
          switch (kind) {
            case "step":
              return !sameLine;
            case "next":
              return h.depth() <= depth && !sameLine;
            default:
              return h.depth() < depth;
          }
        };
    String title = kind.equals("finish") ? "Run back to call" : kind.equals("next") ? "Reverse next completed" : "Reverse step completed";
    search(List.of(new LineArrivals()), a, title, "no earlier line in this thread: this is the start of the recording");
  }

  private void requireHistory() {
    if (!s.started()) {
      throw new BadInput("the program has not started yet, so there is nothing before this point");
    }
    s.requireReproducible();
  }

  private void search(List<Spec> observers, Acceptance acceptance, String title, String none) {
    List<Rung> rungs = s.ladder.on(s.history());
    Rung upper = null;
    try {
      for (int k = 0; k <= rungs.size(); k++) {
        Rung from = k < rungs.size() ? rungs.get(k) : null;
        Hit chosen = scan(from, upper, observers, acceptance);
        if (chosen != null) {
          land(from, chosen, title);
          return;
        }
        upper = from;
      }
    } catch (Interrupted e) {
      throw interrupted();
    } finally {
      s.running(null);
    }
    throw new BadInput(none);
  }

  /**
   * Pass 1 over one segment of the history: from {@code from} (null: the start) to {@code upper}
   * (null: the current position), with the observers installed at {@code from}. Returns the last
   * hit that counts, numbered among its own spec's hits since {@code from}, or null.
   */
  private Hit scan(Rung from, Rung upper, List<Spec> observers, Acceptance acceptance) {
    boolean lines = observers.get(0) instanceof LineArrivals;
    List<Hit> hits = new ArrayList<>();
    Map<Spec, Long> perSpec = new HashMap<>();
    try (Driver pass = RungJvms.reach(s, from)) {
      RequestTable table = pass.searchWith(observers, (ordinal, e, index) -> {
        Spec spec = (Spec) e.request().getProperty(Spec.class);
        long n = perSpec.merge(spec, 1L, Long::sum);
        hits.add(hit(n, pass.target().eventSets(), e, lines));
        return false;
      });
      long finalSet = -1;
      if (upper == null) {
        Stop end = pass.continueAlong(from, s.history(), s.specs);
        finalSet = end.ended() ? -1 : pass.target().eventSets();
      } else {
        pass.continueAlong(from, upper.path(), null);
        if (!hits.isEmpty() && needsCurrentPosition()) {
          table.clear();
          pass.continueAlong(upper, s.history(), s.specs);
        }
      }
      for (int i = hits.size() - 1; i >= 0; i--) {
        Hit h = hits.get(i);
        if (h.set() != finalSet && acceptance.accepts(h, pass)) {
          return h;
        }
      }
      return null;
    }
  }

  /** Whether a hit can only be judged at the current position (a watch on one object). */
  private boolean needsCurrentPosition() {
    for (Spec spec : s.specs) {
      if (spec instanceof FieldWatch && ((FieldWatch) spec).binding() != null) {
        return true;
      }
    }
    return false;
  }

  private static Hit hit(long ordinal, long set, LocatableEvent e, boolean lines) {
    Spec spec = (Spec) e.request().getProperty(Spec.class);
    ObjectReference object = null;
    if (e instanceof WatchpointEvent) {
      object = ((WatchpointEvent) e).object();
      if (object != null) {
        object.disableCollection();
      }
    }
    if (!lines) {
      return new Hit(ordinal, set, spec, object, null, 0, 0, null); // a watch needs only its object
    }
    int depth;
    try {
      depth = e.thread().frameCount();
    } catch (IncompatibleThreadStateException x) {
      depth = -1;
    }
    return new Hit(ordinal, set, spec, object, e.thread().name(), depth, e.location().lineNumber(), e.location().method().toString());
  }

  /** Pass 2: a JVM at {@code from} runs to the chosen hit of its spec; the console goes there. */
  private void land(Rung from, Hit chosen, String title) {
    Motion seek = Motion.seek(List.of(chosen.spec()), chosen.ordinal());
    List<Motion> history = Motion.append(from == null ? List.of() : from.path(), seek);
    Driver landing = RungJvms.reach(s, from);
    Stop at;
    try {
      at = landing.perform(seek);
      if (at.interrupted()) {
        throw new Interrupted();
      }
    } catch (RuntimeException e) {
      landing.close();
      throw e;
    }
    List<Spec> kept = new ArrayList<>();
    for (Spec spec : s.specs) {
      if (spec instanceof FieldWatch && ((FieldWatch) spec).binding() != null) {
        FieldWatch w = (FieldWatch) spec;
        if (title == null && w.classWide().equals(chosen.spec()) && writtenObject(at) != null) {
          Binding b = Binding.written(history.size(), chosen.thread(), w.binding().describe());
          landing.bind(b, writtenObject(at));
          kept.add(new FieldWatch(w.className(), w.field(), w.access(), w.modification(), b));
        } else {
          s.out.println("(" + spec.describe() + " is dropped: that object cannot be named at this earlier point; watch it again)");
        }
      } else {
        kept.add(spec);
      }
    }
    s.specs.clear();
    s.specs.addAll(kept);
    landing.user().sync(kept, objectsOf(landing, kept));
    s.switchTo(landing, history, title);
  }

  private static java.util.Map<Spec, ObjectReference> objectsOf(Driver d, List<Spec> specs) {
    java.util.Map<Spec, ObjectReference> m = new java.util.HashMap<>();
    for (Spec spec : specs) {
      if (spec instanceof FieldWatch && ((FieldWatch) spec).binding() != null) {
        m.put(spec, d.resolve(((FieldWatch) spec).binding()));
      }
    }
    return m;
  }

  private static ObjectReference writtenObject(Stop at) {
    for (LocatableEvent e : at.events()) {
      if (e instanceof WatchpointEvent) {
        return ((WatchpointEvent) e).object();
      }
    }
    return null;
  }
}
