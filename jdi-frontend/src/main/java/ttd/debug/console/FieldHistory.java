package ttd.debug.console;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.Value;
import com.sun.jdi.event.ModificationWatchpointEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ttd.debug.BadInput;
import ttd.debug.eval.Evaluator;
import ttd.debug.eval.Values;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.requests.ClassNames;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;
import ttd.debug.time.Driver;
import ttd.debug.time.Interrupted;
import ttd.debug.time.Rung;
import ttd.debug.time.StopAddress;
import ttd.debug.time.TickWalk;

/**
 * {@code history} ({@link HistoryQuery}): the writes of a field in the recording, of every instance
 * or of the object an expression names at the current stop (a local of whichever frame of the
 * thread has it). A replay JVM runs with a watch on the field from a window's start to the end of
 * the recording (or of the range asked for). A JDI field watch makes HotSpot interpret the program
 * while it is set, so the last writes are looked for in windows back from the end: a JVM replays at
 * full speed to a few ticks before the last event (the replay notes how long the stretches before
 * it were), sets the watch there and runs to the end; a window too short for the writes asked for
 * is followed by one sixteen times as long. For one object the window starts at the latest at the
 * current stop, where the JVM names the object. A {@code goto} to a position it printed lands on
 * that write ({@link ListedWrites}).
 */
final class FieldHistory {

  private record Write(Position at, String thread, String where, String change, String value, ObjectReference object, boolean later) {}

  /** The writes one window saw, and whether it began at the start of what was asked for. */
  private record Seen(List<Write> writes, ObjectReference object, boolean whole) {}

  private final ConsoleSession s;

  FieldHistory(ConsoleSession s) {
    this.s = s;
  }

  void show(String args) {
    HistoryQuery q = HistoryQuery.parse(args);
    s.requireReproducible();
    int frame = -1;
    String className = q.owner();
    if (s.startedAndStopped() && s.threadName() != null) {
      frame = frameNaming(q);
      if (frame < 0) {
        frame = watchedObjectFrame(q);
        if (frame >= 0) {
          q = new HistoryQuery(q.target(), "this", q.field(), q.last(), q.from(), q.to(), q.value());
        }
      }
      if (frame >= 0) {
        className = ((ObjectReference) evaluate(s.driver(), frame, q.owner())).referenceType().name();
      }
    }
    if (frame < 0 && !ClassNames.valid(q.owner())) {
      throw new BadInput("malformed history '" + args.trim() + "': " + q.owner() + " is neither a class name nor an object in any frame here");
    }
    if (frame < 0) {
      className = className(q, args);
    }
    FieldWatch watch = new FieldWatch(className, q.field(), false, true, null);
    StopAddress here = frame >= 0 ? new StopAddresses(s).current() : null;
    Position current = s.startedAndStopped() ? s.position() : null;
    for (Position start : starts(q, here)) {
      Seen seen = scan(start, q, watch, here, frame, current);
      List<Write> shown = new ArrayList<>();
      for (Write w : seen.writes()) {
        if ((seen.object() == null || seen.object().equals(w.object())) && (q.value() == null || q.value().equals(w.value()))) {
          shown.add(w);
        }
      }
      if (seen.whole() || q.last() > 0 && shown.size() >= q.last()) {
        s.writes.listed(watch, seen.writes().stream().map(Write::at).toList(), start);
        print(q, shown, seen.whole());
        return;
      }
    }
  }

  /**
   * The frame of the selected thread, from the selected one outwards (then inwards), in which the
   * query's owner names an object with the field; -1 if none does. {@code this} is the selected frame's alone.
   */
  private int frameNaming(HistoryQuery q) {
    int count;
    try {
      count = s.thread().frameCount();
    } catch (IncompatibleThreadStateException e) {
      return -1;
    }
    List<Integer> order = new ArrayList<>();
    boolean self = ClassNames.namesThis(q.owner());
    for (int f = s.frameIndex(); f < (self ? s.frameIndex() + 1 : count); f++) {
      order.add(f);
    }
    for (int f = self ? -1 : s.frameIndex() - 1; f >= 0; f--) {
      order.add(f);
    }
    for (int f : order) {
      Value v;
      try {
        v = evaluate(s.driver(), f, q.owner());
      } catch (BadInput e) {
        if (self) {
          throw e; // the selected frame's own object or none: not another frame's
        }
        continue;
      }
      if (v instanceof ObjectReference) {
        if (((ObjectReference) v).referenceType().fieldByName(q.field()) == null) {
          throw new BadInput(((ObjectReference) v).referenceType().name() + " has no field " + q.field());
        }
        return f;
      }
    }
    return -1;
  }

  /**
   * The class a query's owner names, when no frame names an object by it: a nested class written
   * with dots ({@code EventsJson.Event}) as loaded ({@code EventsJson$Event}). A bare lower-case
   * name ({@code record}) is a variable out of scope here, not a class: said at once, where a
   * search for a class of that name would replay the whole recording to find none.
   */
  private String className(HistoryQuery q, String args) {
    String owner = q.owner();
    if (owner.matches("[a-z][A-Za-z0-9_]*")) {
      throw new BadInput("no variable or field named " + owner + " in any frame here, and " + owner + " is no class name; history takes"
          + " Class.field, or expr.field at a stop where expr names an object");
    }
    if (!s.startedAndStopped() || !ClassNames.loaded(s.driver().target().vm(), owner).isEmpty()) {
      return owner;
    }
    for (int dot = owner.lastIndexOf('.'); dot > 0; dot = owner.lastIndexOf('.', dot - 1)) {
      String nested = owner.substring(0, dot) + owner.substring(dot).replace('.', '$');
      if (!ClassNames.loaded(s.driver().target().vm(), nested).isEmpty()) {
        return nested;
      }
    }
    return owner;
  }

  /**
   * At a stop on a write that one of the user's watches on one object caught ({@code watch
   * order.total} at the crash, then reverse-continue), the frame whose {@code this} is that object,
   * where the watch's expression may name nothing ({@code order} was a local of the frame the watch
   * was set in); -1 if the stop is no such write.
   */
  private int watchedObjectFrame(HistoryQuery q) {
    try {
      for (com.sun.jdi.event.LocatableEvent e : s.stop().events()) {
        if (e instanceof ModificationWatchpointEvent w && w.object() != null && w.field().name().equals(q.field()) && watchedOnOneObject(w.field())) {
          List<com.sun.jdi.StackFrame> frames = s.thread().frames();
          for (int f = 0; f < frames.size(); f++) {
            if (w.object().equals(frames.get(f).thisObject())) {
              return f;
            }
          }
        }
      }
    } catch (IncompatibleThreadStateException e) {
      return -1;
    }
    return -1;
  }

  private boolean watchedOnOneObject(com.sun.jdi.Field field) {
    for (Spec spec : s.specs) {
      if (spec instanceof FieldWatch fw && fw.binding() != null && fw.field().equals(field.name()) && fw.className().equals(field.declaringType().name())) {
        return true;
      }
    }
    return false;
  }

  private Value evaluate(Driver d, int frame, String expression) {
    return new Evaluator(d.target(), d.thread(s.threadName()), frame).evaluate(expression);
  }

  /**
   * Where the windows start, latest first: for a range, its start (or the start of the recording);
   * for all writes, the start; for the last writes, a few ticks before the recording's last event,
   * then sixteen times as far each time, the start last. For one object no later than the current
   * stop, where the object is named.
   */
  private List<Position> starts(HistoryQuery q, StopAddress here) {
    if (q.from() != null || q.to() != null || q.last() == 0) {
      Position from = q.from() == null ? Position.START : q.from();
      return List.of(here != null && here.from().before(from) ? here.from() : from);
    }
    long last = s.lastEvent();
    if (last < 0) {
      return List.of(Position.START);
    }
    Position end = new Position(last, 0, false);
    Rung r = RungJvms.nearest(s, end);
    List<Position> starts;
    try (Driver d = RungJvms.reach(s, r)) {
      RungJvms.performed(d, pause(end));
      starts = TickWalk.windows(end, d.target()::stretch, 4L * q.last() + 4, 16);
    } finally {
      s.running(null);
    }
    List<Position> l = new ArrayList<>();
    for (Position p : starts) {
      Position start = here != null && here.from().before(p) ? here.from() : p;
      if (l.isEmpty() || start.before(l.get(l.size() - 1))) {
        l.add(start);
      }
    }
    return l;
  }

  /** One window: a JVM with the watch from {@code start} to the end of the query's range. */
  private Seen scan(Position start, HistoryQuery q, FieldWatch watch, StopAddress here, int frame, Position current) {
    List<Write> writes = new ArrayList<>();
    boolean[] past = {false};
    Rung r = RungJvms.nearest(s, start);
    ObjectReference object = null;
    boolean installed;
    try (Driver d = RungJvms.reach(s, r)) {
      if (!start.equals(Position.START)) {
        RungJvms.performed(d, pause(start));
      }
      ttd.debug.requests.RequestTable table = d.searchWith(List.of(watch), (ordinal, e, index) -> {
        ModificationWatchpointEvent w = (ModificationWatchpointEvent) e;
        ObjectReference o = here == null ? null : w.object(); // one object: kept, to be compared once it is named
        if (o != null) {
          o.disableCollection();
        }
        Position at = d.target().observedAt().at(s.place(e.thread()));
        boolean later = past[0] || here == null && current != null && current.before(at) && at.tick() >= 0;
        writes.add(new Write(at, e.thread().name(), s.printer.where(null, e.location()),
            Values.show(w.valueCurrent()) + " -> " + Values.show(w.valueToBe()), Values.show(w.valueToBe()), o, later));
        return false;
      });
      if (here != null) {
        if (start.before(here.from())) {
          RungJvms.performed(d, pause(here.from()));
        }
        RungJvms.performed(d, Motion.seek(List.of(here.at()), here.arrival()));
        Value v = evaluate(d, frame, q.owner());
        if (!(v instanceof ObjectReference)) {
          throw new BadInput("cannot find " + q.owner() + " again in a fresh replay");
        }
        object = (ObjectReference) v;
        past[0] = true;
      }
      d.user().sync(List.<Spec>of(), Map.of());
      if (q.to() != null) {
        Stop st = d.target().last();
        if (st == null || st.ended() || st.position().before(q.to())) {
          RungJvms.performed(d, pause(q.to()));
        }
      } else {
        Stop st = d.target().last();
        while (st == null || !st.ended()) {
          st = d.target().resume();
          if (st.interrupted()) {
            throw new Interrupted();
          }
        }
      }
      installed = table.installed(watch);
    } catch (Interrupted e) {
      throw new BadInput("interrupted: the history stopped, and the console is still where it was");
    } finally {
      s.running(null);
    }
    if (writes.isEmpty() && !installed && start.equals(Position.START)) {
      throw new BadInput("no class " + watch.className() + " with a field " + watch.field() + " was loaded in the whole recording");
    }
    return new Seen(writes, object, start.equals(Position.START) || q.from() != null && !q.from().before(start));
  }

  private static Motion pause(Position p) {
    return new Motion(Motion.Kind.PAUSE, null, p.event(), p.tick(), List.of(), List.of());
  }

  private void print(HistoryQuery q, List<Write> shown, boolean whole) {
    int from = q.last() == 0 ? 0 : Math.max(0, shown.size() - q.last());
    int n = shown.size() - from;
    String header = "History of " + q.describe() + ": ";
    if (whole && from == 0) {
      header += n + (n == 1 ? " write" : " writes");
    } else if (whole) {
      header += "the last " + n + " of " + shown.size() + " writes (--last N or --all for more, FROM..TO for a range)";
    } else {
      header += "the last " + n + " writes (--all lists every one)";
    }
    s.out.println(header);
    for (Write w : shown.subList(from, shown.size())) {
      String at = w.at().tick() >= 0 ? "position " + w.at().label() : "event " + w.at().event();
      s.out.println("  " + at + " \"thread=" + w.thread() + "\", " + w.where() + ": " + w.change()
          + (w.later() ? " (after the current position)" : ""));
    }
  }
}
