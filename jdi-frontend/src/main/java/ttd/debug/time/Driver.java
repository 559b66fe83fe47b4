package ttd.debug.time;

import com.sun.jdi.ObjectReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.WatchpointEvent;
import com.sun.jdi.request.StepRequest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import ttd.debug.BadInput;
import ttd.debug.eval.Evaluator;
import ttd.debug.eval.HitConditions;
import ttd.debug.replayvm.Observer;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Role;
import ttd.debug.replayvm.Stop;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.Binding;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Motion;
import ttd.debug.requests.RequestTable;
import ttd.debug.requests.Spec;

/**
 * Drives one replay JVM through {@link Motion}s: the console's own motions as the user types
 * them, and whole histories replayed silently to carry a position into a fresh JVM. Both go
 * through {@link #perform}, so a replayed history stops where the original did.
 */
public final class Driver implements AutoCloseable {

  private final Target target;
  private final RequestTable user;
  private final Map<Binding, ObjectReference> bound = new HashMap<>();
  private Observer search;
  /** The rung this JVM's replay went on from when it was parked; null if it replayed from the start. */
  private volatile Position origin;
  private Object searchOwner;
  private long searchSeen;

  /** The state of one SEEK: how many of its observer events have passed. */
  private static final class Seek {
    final long ordinal;
    long seen;

    Seek(long ordinal) {
      this.ordinal = ordinal;
    }
  }

  private volatile Consumer<String> notes;

  public Driver(Target target, Consumer<String> notes) {
    this.target = target;
    this.notes = notes;
    this.user = new RequestTable(target, Role.USER, null, s -> this.notes.accept(s));
    target.observe(this::observed);
    target.conditions(new HitConditions(target, s -> this.notes.accept(s)));
  }

  /** Where notes about deferred requests go from now on (silent while a history is replayed). */
  public void notes(Consumer<String> to) {
    notes = to;
  }

  /** The rung a parked JVM's replay went on from; null if it replayed from the start (or was not parked). */
  public Position origin() {
    return origin;
  }

  void origin(Position from) {
    origin = from;
  }

  public Target target() {
    return target;
  }

  public RequestTable user() {
    return user;
  }

  /**
   * Observes {@code observers} from now on, reporting each of their events to {@code o}, numbered
   * as a SEEK with the same observers numbers them (its own events only).
   */
  public RequestTable searchWith(List<Spec> observers, Observer o) {
    searchOwner = new Object();
    search = o;
    searchSeen = 0;
    RequestTable table = new RequestTable(target, Role.OBSERVER, searchOwner, s -> {});
    for (Spec s : observers) {
      table.add(s, null);
    }
    return table;
  }

  private boolean observed(long ordinal, LocatableEvent e, java.util.function.LongSupplier eventIndex) {
    Object owner = e.request().getProperty(RequestTable.OWNER);
    if (owner instanceof Seek) {
      Seek s = (Seek) owner;
      return ++s.seen == s.ordinal;
    }
    if (owner == searchOwner && search != null) {
      return search.hit(++searchSeen, e, eventIndex);
    }
    return false;
  }

  /** Replays {@code history} silently from the start, then binds the objects of {@code finalSpecs}. */
  public Stop replay(List<Motion> history, List<Spec> finalSpecs) {
    return replayFrom(0, history, finalSpecs);
  }

  /**
   * Goes on along {@code history} from the rung this JVM is parked at (null: a fresh JVM at the
   * start; the rung must be on the history):
   * the rest of the motion the rung is inside, then the motions after it. With {@code finalSpecs}
   * non-null, binds their objects at the end and sets them as the user's requests (unless the
   * program ended there).
   */
  public Stop continueAlong(Rung from, List<Motion> history, List<Spec> finalSpecs) {
    return replayFrom(from == null ? 0 : from.resumeAt(history), history, finalSpecs);
  }

  private Stop replayFrom(int first, List<Motion> history, List<Spec> finalSpecs) {
    Stop last = target.last();
    for (int i = first; i < history.size(); i++) {
      Motion m = history.get(i);
      bindAt(history, i, m.requests());
      last = perform(m);
      if (last.interrupted()) {
        throw new Interrupted();
      }
      if (last.ended() && i < history.size() - 1) {
        throw new IllegalStateException("the replay ended before its history did");
      }
    }
    if (finalSpecs != null && (last == null || !last.ended())) { // an ended JVM takes no requests
      requestsAt(history, finalSpecs);
    }
    return last;
  }

  /**
   * Sets {@code finalSpecs} as the user's requests where {@code history} ends, their objects bound
   * as there: for a JVM that went along {@code history} motion by motion.
   */
  public void requestsAt(List<Motion> history, List<Spec> finalSpecs) {
    bindAt(history, history.size(), finalSpecs);
    user.sync(finalSpecs, objectsFor(finalSpecs));
  }

  /** Performs one motion with its requests in place. */
  public Stop perform(Motion m) {
    switch (m.kind()) {
      case PAUSE:
        Stop at = target.last();
        if (at != null && at.paused() && at.position().equals(m.position())) {
          return at; // a rung parked at this very pause
        }
        user.sync(m.requests(), objectsFor(m.requests()));
        return target.pauseAt(m.position());
      case SEEK:
        return seek(m);
      default:
        break;
    }
    user.sync(m.requests(), objectsFor(m.requests()));
    switch (m.kind()) {
      case RUN:
        return target.resume();
      case STEP_INTO:
        return target.step(thread(m.thread()), StepRequest.STEP_INTO);
      case STEP_OVER:
        return target.step(thread(m.thread()), StepRequest.STEP_OVER);
      case STEP_OUT:
        return target.step(thread(m.thread()), StepRequest.STEP_OUT);
      default:
        return target.gotoPosition(m.position());
    }
  }

  /** From here, with the user's requests off, to the {@code arg}-th event of the observers. */
  private Stop seek(Motion m) {
    user.sync(List.of(), Map.of());
    Seek seek = new Seek(m.arg());
    RequestTable observers = new RequestTable(target, Role.OBSERVER, seek, s -> {});
    for (Spec s : m.observers()) {
      observers.add(s, null);
    }
    try {
      Stop s = target.resume();
      if (s.ended()) {
        throw new IllegalStateException("a reverse search did not land where it had found its hit");
      }
      return s;
    } finally {
      observers.clear();
    }
  }

  private void bindAt(List<Motion> history, int point, List<Spec> specs) {
    for (Spec s : specs) {
      if (s instanceof FieldWatch && ((FieldWatch) s).binding() != null) {
        Binding b = ((FieldWatch) s).binding();
        if (b.point() == point && !bound.containsKey(b) && b.on(history)) {
          ObjectReference o = resolve(b);
          if (o != null) {
            bind(b, o);
          }
        }
      }
    }
  }

  /** Records the object a binding names in this JVM (kept from garbage collection). */
  public void bind(Binding b, ObjectReference o) {
    o.disableCollection();
    bound.put(b, o);
  }

  /** The object {@code b} names in this JVM if it is known here (its replay passed the binding's point). */
  public ObjectReference bound(Binding b) {
    return bound.get(b);
  }

  /** The object {@code b} names in this JVM, resolving it here and now (at the binding's point) if needed. */
  public ObjectReference resolve(Binding b) {
    ObjectReference known = bound.get(b);
    if (known != null) {
      return known;
    }
    Stop last = target.last();
    if (b.expression() == null) {
      for (LocatableEvent e : last.events()) {
        if (e instanceof WatchpointEvent) {
          return ((WatchpointEvent) e).object();
        }
      }
      return null;
    }
    try {
      Value v = new Evaluator(target, thread(b.thread()), b.frame()).evaluate(b.expression());
      return v instanceof ObjectReference ? (ObjectReference) v : null;
    } catch (BadInput e) {
      return null;
    }
  }

  private Map<Spec, ObjectReference> objectsFor(List<Spec> specs) {
    Map<Spec, ObjectReference> objects = new HashMap<>();
    for (Spec s : specs) {
      if (s instanceof FieldWatch && ((FieldWatch) s).binding() != null) {
        ObjectReference o = bound.get(((FieldWatch) s).binding());
        if (o != null) {
          objects.put(s, o);
        }
      }
    }
    return objects;
  }

  /** The thread of that name in this JVM. */
  public ThreadReference thread(String name) {
    for (ThreadReference t : target.vm().allThreads()) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    throw new IllegalStateException("the replay has no thread \"" + name + "\" here");
  }

  @Override
  public void close() {
    target.close();
  }
}
