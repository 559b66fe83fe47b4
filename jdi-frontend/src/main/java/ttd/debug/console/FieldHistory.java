package ttd.debug.console;

import com.sun.jdi.ObjectReference;
import com.sun.jdi.Value;
import com.sun.jdi.event.ModificationWatchpointEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ttd.debug.BadInput;
import ttd.debug.eval.Evaluator;
import ttd.debug.eval.Values;
import ttd.debug.requests.Binding;
import ttd.debug.requests.ClassNames;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Spec;
import ttd.debug.target.Position;
import ttd.debug.target.Stop;
import ttd.debug.time.Driver;

/**
 * {@code history Class.field} and {@code history expr.field}: every write of the field in the
 * whole recording (for one object: the writes to the object the expression names at the current
 * position), from a replay JVM that runs the recording from start to end with a watch on every
 * instance. A {@code goto} to a position it printed lands on that write ({@link ListedWrites}).
 */
final class FieldHistory {

  private record Write(Position at, String thread, String where, String change, ObjectReference object, boolean later) {}

  private final Session s;

  FieldHistory(Session s) {
    this.s = s;
  }

  void show(String arg) {
    String a = arg.trim();
    int dot = a.lastIndexOf('.');
    if (dot <= 0 || dot == a.length() - 1) {
      throw new BadInput("malformed history '" + a + "': use history Class.field or history expr.field");
    }
    s.requireReproducible();
    String owner = a.substring(0, dot);
    String field = a.substring(dot + 1);
    Binding binding = null;
    String className = owner;
    if (s.started() && !s.ended() && s.threadName() != null) {
      try {
        Value v = new Evaluator(s.driver().target(), s.thread(), s.frameIndex()).evaluate(owner);
        if (v instanceof ObjectReference) {
          className = ((ObjectReference) v).referenceType().name();
          if (((ObjectReference) v).referenceType().fieldByName(field) == null) {
            throw new BadInput(className + " has no field " + field);
          }
          binding = new Binding(s.history(), s.threadName(), s.frameIndex(), owner, owner);
        }
      } catch (BadInput e) {
        if (e.getMessage().endsWith("has no field " + field)) {
          throw e;
        }
      }
    }
    if (binding == null && !ClassNames.valid(owner)) {
      throw new BadInput("malformed history '" + a + "': " + owner + " is neither a class name nor an object here");
    }
    FieldWatch watch = new FieldWatch(className, field, false, true, null);
    List<Write> writes = new ArrayList<>();
    boolean[] past = {false};
    try (Driver d = new Driver(s.pool.take(), x -> {})) {
      ttd.debug.requests.RequestTable table = d.searchWith(List.of(watch), (ordinal, e, index) -> {
        ModificationWatchpointEvent w = (ModificationWatchpointEvent) e;
        ObjectReference o = w.object();
        if (o != null) {
          o.disableCollection();
        }
        writes.add(new Write(d.target().observedAt(), e.thread().name(), s.printer.where(null, e.location()),
            Values.show(w.valueCurrent()) + " -> " + Values.show(w.valueToBe()), o, past[0]));
        return false;
      });
      Stop end = d.replay(s.history(), s.specs);
      ObjectReference object = binding == null ? null : d.resolve(binding);
      if (binding != null && object == null) {
        throw new BadInput("cannot find " + owner + " again in a fresh replay");
      }
      past[0] = true;
      if (end == null || !end.ended()) {
        d.user().sync(List.<Spec>of(), Map.of());
      }
      while (end == null || !end.ended()) {
        end = d.target().resume();
      }
      if (writes.isEmpty() && !table.installed(watch)) {
        throw new BadInput("no class " + className + " with a field " + field + " was loaded in the whole recording");
      }
      s.writes.listed(watch, writes.stream().map(Write::at).toList());
      print(a, writes, object);
    }
  }

  private void print(String what, List<Write> writes, ObjectReference object) {
    List<Write> shown = new ArrayList<>();
    for (Write w : writes) {
      if (object == null || object.equals(w.object())) {
        shown.add(w);
      }
    }
    s.out.println("History of " + what + ": " + shown.size() + (shown.size() == 1 ? " write" : " writes"));
    for (Write w : shown) {
      String at = w.at().tick() >= 0 ? "position " + w.at().label() : "event " + w.at().event();
      s.out.println("  " + at + " \"thread=" + w.thread() + "\", " + w.where() + ": " + w.change()
          + (w.later() ? " (after the current position)" : ""));
    }
  }
}
