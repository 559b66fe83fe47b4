package ttd.debug.console;

import com.sun.jdi.ObjectReference;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.WatchpointEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ttd.debug.replayvm.Stop;
import ttd.debug.requests.Binding;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;
import ttd.debug.time.Driver;
import ttd.debug.time.HitIndex;
import ttd.debug.time.HitPositions;
import ttd.debug.time.Rung;

/**
 * What a reverse search does with the user's watches on one object, whose objects JDI can only
 * name in a JVM whose history passes the point where each was typed: which of the class-wide
 * hits count (by the object the binding names, or by the object's hits in the {@link HitIndex}
 * when the history went back before it), and how each watch goes on at the landing (carried to
 * the object the landing writes, or kept as it was).
 */
final class WatchedObjects {

  private final ConsoleSession s;

  WatchedObjects(ConsoleSession s) {
    this.s = s;
  }

  /** The watches on one object that the current history does not name (it went back before them). */
  List<String> unanchored() {
    List<String> l = new ArrayList<>();
    for (Spec spec : s.specs) {
      Binding b = binding(spec);
      if (b != null && !b.on(s.history())) {
        l.add(spec.describe());
      }
    }
    return l;
  }

  /**
   * Whether the class-wide hit of {@code watch}'s field, the {@code ordinal}-th of its observer
   * since {@code from} (null: the start), touches the watched object: the one {@code d} names at
   * the current position, or else one of the object's hits in the index.
   */
  boolean touches(FieldWatch watch, ObjectReference object, long ordinal, Driver d, Rung from) {
    ObjectReference o = d.bound(watch.binding());
    if (o != null) {
      return o.equals(object);
    }
    if (watch.binding().on(s.history())) {
      return false;
    }
    HitIndex.Hits hits = s.indexedNow(watch);
    if (hits == null) {
      return false;
    }
    int passed = from == null ? 0 : HitPositions.passed(hits.all(), hits.all().length, from.position());
    if (passed < 0) {
      return false; // a hit the index cannot place against the rung: not known to touch the object
    }
    return Arrays.binarySearch(hits.counted(), (int) (passed + ordinal - 1)) >= 0;
  }

  /**
   * The user's specs as they go on at {@code at}, the end of {@code history} in {@code landing}: a
   * watch on one object that the landing hit of {@code owner} writes is carried over as "the
   * object this stop writes"; the others are kept, with one line, once a session, for
   * each whose object this JVM cannot name.
   */
  List<Spec> landed(Driver landing, Stop at, List<Motion> history, Spec owner, String thread) {
    List<Spec> kept = new ArrayList<>();
    ObjectReference written = writtenObject(at);
    for (Spec spec : s.specs) {
      Binding b = binding(spec);
      if (b != null && spec.equals(owner) && written != null) {
        FieldWatch w = (FieldWatch) spec;
        Binding here = Binding.written(history, thread, b.describe());
        landing.bind(here, written);
        FieldWatch carried = new FieldWatch(w.className(), w.field(), w.access(), w.modification(), here);
        s.index.alias(carried, w);
        kept.add(carried);
      } else {
        if (b != null && landing.bound(b) == null) {
          s.noteOnce(spec, "(" + spec.describe() + " still means that object, which is not named at this earlier point:"
              + " runs forward from here do not stop at its writes; reverse-continue finds the writes before here;"
              + " this is said once)");
        }
        kept.add(spec);
      }
    }
    return kept;
  }

  /** The objects {@code d} names for the watches on one object among {@code specs}. */
  static Map<Spec, ObjectReference> objectsOf(Driver d, List<Spec> specs) {
    Map<Spec, ObjectReference> m = new HashMap<>();
    for (Spec spec : specs) {
      Binding b = binding(spec);
      if (b != null && d.bound(b) != null) {
        m.put(spec, d.bound(b));
      }
    }
    return m;
  }

  private static Binding binding(Spec spec) {
    return spec instanceof FieldWatch ? ((FieldWatch) spec).binding() : null;
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
