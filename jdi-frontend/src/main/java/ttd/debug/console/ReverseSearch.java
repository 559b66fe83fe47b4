package ttd.debug.console;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.WatchpointEvent;
import java.util.ArrayList;
import java.util.List;
import ttd.debug.BadInput;
import ttd.debug.requests.Binding;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.LineArrivals;
import ttd.debug.requests.Spec;
import ttd.debug.target.Stop;
import ttd.debug.time.Driver;
import ttd.debug.time.Motion;

/**
 * Reverse execution by checkpoint and replay: a fresh replay JVM re-runs the console's history
 * with observers for what the user waits for (every instance, since objects cannot be named
 * before they are known), takes note of every hit, and at the current position picks the last
 * hit that counts (for a watch on one object: the hits on the object that the watch's expression
 * names there). A second JVM replays the same history with the same observers and stops at that
 * hit's ordinal: the same instruction, since replay is deterministic.
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
    search(observers, this::userWants, null, "no earlier hit of the breakpoints and watchpoints: going further back would pass the start of the recording");
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
    boolean lines = observers.get(0) instanceof LineArrivals;
    List<Hit> hits = new ArrayList<>();
    Hit chosen = null;
    try (Driver first = new Driver(s.pool.take(), x -> {})) {
      first.searchWith(observers, (ordinal, e, index) -> {
        hits.add(hit(ordinal, first.target().eventSets(), e, lines));
        return false;
      });
      Stop end = first.replay(s.history(), s.specs);
      long finalSet = end.ended() ? -1 : first.target().eventSets();
      for (int i = hits.size() - 1; i >= 0 && chosen == null; i--) {
        Hit h = hits.get(i);
        if (h.set() != finalSet && acceptance.accepts(h, first)) {
          chosen = h;
        }
      }
    }
    if (chosen == null) {
      throw new BadInput(none);
    }
    land(observers, chosen, title);
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

  private void land(List<Spec> observers, Hit chosen, String title) {
    Motion seek = Motion.seek(observers, chosen.ordinal(), s.history());
    List<Motion> history = List.of(seek);
    Driver landing = new Driver(s.pool.take(), x -> {});
    Stop at = landing.replay(history, List.of());
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
