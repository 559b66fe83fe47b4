package ttd.debug.console;

import com.sun.jdi.ObjectReference;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.WatchpointEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ttd.debug.BadInput;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Motion;
import ttd.debug.requests.RequestTable;
import ttd.debug.requests.Spec;
import ttd.debug.time.Driver;
import ttd.debug.time.Interrupted;
import ttd.debug.time.Rung;
import ttd.debug.time.StopAddress;
import ttd.debug.time.TickWalk;

/**
 * Reverse execution by checkpoint and replay. Pass 1: a JVM parked at the nearest rung of the
 * {@link ttd.debug.time.Ladder} before the current position goes on along the console's history
 * with observers for what the user waits for (every instance, since objects cannot be named
 * before they are known), takes note of every hit, and at the current position picks the last
 * hit that counts (for a watch on one object: the hits on the object that the watch's expression
 * names there, or, when the history went back before the watch was typed, the object's hits in
 * the {@link ttd.debug.time.HitIndex}). A reverse-continue asks that index first. A segment without one sends the search to the rung before, scanning up to the
 * rung it had started from, and so on back to the start of the recording. With no rung on the
 * history and a field watch among the observers (which makes HotSpot interpret the program), pass
 * 1 scans windows back from the current stop instead. Pass 2: a twin JVM at
 * the same rung (and pause) runs with only the chosen hit's spec installed and stops at its n-th event since
 * the rung: the same instruction, since replay is deterministic and requests do not change it.
 */
final class ReverseSearch {

  /** How many ticks before the current stop the first window of {@link #searchWindows} starts. */
  private static final long FIRST_WINDOW = 64;

  /** One observer event of the first pass: its number among its spec's events, and its object. */
  record Hit(long ordinal, long set, Spec spec, ObjectReference object, Spec owner) {

    Hit(long ordinal, long set, Spec spec, ObjectReference object) {
      this(ordinal, set, spec, object, null);
    }

    /** The same hit, counting for the user's spec {@code owner}. */
    Hit countingFor(Spec owner) {
      return new Hit(ordinal, set, spec, object, owner);
    }
  }

  /** Which hits count, given the first pass's JVM at the current position. */
  interface Acceptance {
    /** The user's spec the hit counts for, or null. */
    Spec accepts(Hit h, Driver atCurrentPosition, Rung from);
  }

  private final ConsoleSession s;
  private final WatchedObjects watched;

  ReverseSearch(ConsoleSession s) {
    this.s = s;
    this.watched = new WatchedObjects(s);
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
    List<String> unanchored = watched.unanchored();
    String none = "no earlier hit of the breakpoints and watchpoints"
        + (unanchored.isEmpty() ? "" : " (" + String.join(", ", unanchored) + " has no write before this point, where that object is not named yet)")
        + ": going further back would pass the start of the recording";
    int known = KnownHits.lastHit(s.history(), s.firedAlongHistory(), s.specs);
    if (known == KnownHits.NONE) {
      throw new BadInput(none);
    }
    if (known > 0) {
      List<Motion> prefix = s.history().subList(0, known);
      s.switchToPrefix(known, s.replayed(List.copyOf(prefix)));
      return;
    }
    IndexedLookup.Found f;
    IndexedLookup lookup = new IndexedLookup(s);
    try {
      f = lookup.find(!unanchored.isEmpty());
    } catch (Interrupted e) {
      throw interrupted();
    }
    if (f == IndexedLookup.NOTHING) {
      throw new BadInput(none + lookup.unrunNote());
    }
    if (f == null) {
      search(observers, this::userWants, none);
      return;
    }
    try {
      Motion pause = f.pause() < 0 ? null : new Motion(Motion.Kind.PAUSE, null, f.pause(), 0, List.of(), List.of());
      land(f.from(), pause, new Hit(f.ordinal(), -1, f.observer(), null), f.spec());
    } catch (Interrupted e) {
      throw interrupted();
    } finally {
      s.running(null);
    }
  }

  private BadInput interrupted() {
    return new BadInput("interrupted: the search stopped, and the console is still at position " + s.name(s.position()));
  }

  /** The user's spec {@code h} counts for (see {@link WatchedObjects#touches}), or null. */
  private Spec userWants(Hit h, Driver d, Rung from) {
    for (Spec spec : s.specs) {
      if (spec.equals(h.spec())) {
        return spec;
      }
      if (spec instanceof FieldWatch && ((FieldWatch) spec).binding() != null && ((FieldWatch) spec).classWide().equals(h.spec())
          && watched.touches((FieldWatch) spec, h.object(), h.ordinal(), d, from)) {
        return spec;
      }
    }
    return null;
  }

  private void requireHistory() {
    if (!s.started()) {
      throw new BadInput("the program has not started yet, so there is nothing before this point");
    }
    s.requireReproducible();
  }

  private void search(List<Spec> observers, Acceptance acceptance, String none) {
    List<Rung> rungs = s.ladder.on(s.history());
    if (rungs.isEmpty() && windowed(observers)) {
      searchWindows(observers, acceptance, none);
      return;
    }
    Rung upper = null;
    try {
      for (int k = 0; k <= rungs.size(); k++) {
        Rung from = k < rungs.size() ? rungs.get(k) : null;
        Hit chosen = scan(from, upper, observers, acceptance);
        if (chosen != null) {
          land(from, null, chosen, chosen.owner());
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
   * Whether a search with no rung on the history scans windows back from the current stop rather
   * than the whole history: when a field watch is among the observers (HotSpot interprets the
   * program while one is set, and every write is a debugger event), and no watch on one object
   * needs the history's own replay to name its object.
   */
  private boolean windowed(List<Spec> observers) {
    return s.startedAndStopped() && !needsCurrentPosition() && observers.stream().anyMatch(FieldWatch.class::isInstance);
  }

  /**
   * Pass 1 in windows that end at the current stop, {@link #FIRST_WINDOW} ticks back first, then
   * twice as far each time, down to the start of the recording: a JVM replays at full speed to
   * the window's start, a pause with no requests set, and only then installs the observers and
   * goes on to the stop by its {@link StopAddress}. The first window with a hit that counts has the
   * last one; pass 2 lands on it from the same pause.
   */
  private void searchWindows(List<Spec> observers, Acceptance acceptance, String none) {
    try {
      StopAddress here = new StopAddresses(s).current();
      List<Position> starts = TickWalk.windows(here.from(), s.driver().target()::stretch, FIRST_WINDOW, 2);
      for (Position start : starts.subList(1, starts.size())) {
        Rung from = RungJvms.nearest(s, start);
        Motion pause = start.equals(Position.START) ? null : new Motion(Motion.Kind.PAUSE, null, start.event(), start.tick(), List.of(), List.of());
        Hit chosen = scanWindow(from, pause, here, observers, acceptance);
        if (chosen != null) {
          land(from, pause, chosen, chosen.owner());
          return;
        }
      }
    } catch (Interrupted e) {
      throw interrupted();
    } finally {
      s.running(null);
    }
    throw new BadInput(none);
  }

  /**
   * Pass 1 over one window: from {@code from} (null: the start) to {@code pause} (null: none)
   * with no observers, then with them to the stop at {@code here}. Returns the last hit that
   * counts, numbered among its own spec's hits since the pause, or null.
   */
  private Hit scanWindow(Rung from, Motion pause, StopAddress here, List<Spec> observers, Acceptance acceptance) {
    List<Hit> hits = new ArrayList<>();
    try (Driver pass = RungJvms.reach(s, from)) {
      if (pause != null) {
        RungJvms.performed(pass, pause);
      }
      observe(pass, observers, hits);
      for (Motion m : here.landing(List.of())) { // the windows start before the stop's tick point
        RungJvms.performed(pass, m);
      }
      return lastCounted(hits, pass.target().eventSets(), acceptance, pass, from);
    }
  }

  /**
   * Pass 1 over one segment of the history: from {@code from} (null: the start) to {@code upper}
   * (null: the current position), with the observers installed at {@code from}. Returns the last
   * hit that counts, numbered among its own spec's hits since {@code from}, or null.
   */
  private Hit scan(Rung from, Rung upper, List<Spec> observers, Acceptance acceptance) {
    List<Hit> hits = new ArrayList<>();
    try (Driver pass = RungJvms.reach(s, from)) {
      RequestTable table = observe(pass, observers, hits);
      long finalSet = -1;
      if (upper == null) {
        Stop end = pass.continueAlong(from, s.history(), s.specs);
        requireArrived(end, pass);
        finalSet = end.ended() ? -1 : pass.target().eventSets();
      } else {
        pass.continueAlong(from, upper.path(), null);
        if (!hits.isEmpty() && needsCurrentPosition()) {
          table.clear();
          requireArrived(pass.continueAlong(upper, s.history(), s.specs), pass);
        }
      }
      return lastCounted(hits, finalSet, acceptance, pass, from);
    }
  }

  /**
   * A pass judges its hits where the console stands: one that ran to the program's end instead, or
   * cannot name a watched object there, would take every hit for none and answer "no earlier hit".
   * That is said as what it is, with where the pass went, and the console stays where it was.
   */
  private void requireArrived(Stop end, Driver pass) {
    String astray = null;
    if (end.ended() && !s.ended()) {
      astray = "ran to the end of the program (exit status " + end.exitStatus() + ")";
    } else if (!end.ended()) {
      for (Spec spec : s.specs) {
        if (spec instanceof FieldWatch w && w.binding() != null && w.binding().on(s.history()) && pass.bound(w.binding()) == null) {
          astray = "stopped at position " + end.position().label() + ", where it cannot name the object of " + spec.describe();
          break;
        }
      }
    }
    if (astray != null) {
      throw new BadInput("the search's replay of this history " + astray + ", not where the console is (position "
          + s.name(s.position()) + "): the replay did not repeat itself, so no earlier hit can be told; the console is still here");
    }
  }

  /** Installs the observers in {@code pass}, each of their events noted in {@code hits}. */
  private RequestTable observe(Driver pass, List<Spec> observers, List<Hit> hits) {
    Map<Spec, Long> perSpec = new HashMap<>();
    return pass.searchWith(observers, (ordinal, e, index) -> {
      Spec spec = (Spec) e.request().getProperty(Spec.class);
      long n = perSpec.merge(spec, 1L, Long::sum);
      hits.add(hit(n, pass.target().eventSets(), e));
      return false;
    });
  }

  /** The last of {@code hits} that counts, not in the event set {@code finalSet} (the stop itself). */
  private static Hit lastCounted(List<Hit> hits, long finalSet, Acceptance acceptance, Driver pass, Rung from) {
    for (int i = hits.size() - 1; i >= 0; i--) {
      Hit h = hits.get(i);
      Spec owner = h.set() == finalSet ? null : acceptance.accepts(h, pass, from);
      if (owner != null) {
        return h.countingFor(owner);
      }
    }
    return null;
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

  private static Hit hit(long ordinal, long set, LocatableEvent e) {
    Spec spec = (Spec) e.request().getProperty(Spec.class);
    ObjectReference object = null;
    if (e instanceof WatchpointEvent) {
      object = ((WatchpointEvent) e).object();
      if (object != null) {
        object.disableCollection();
      }
    }
    return new Hit(ordinal, set, spec, object);
  }

  /**
   * Pass 2: a JVM at {@code from} runs (after {@code pause}, if any) to the chosen hit of its
   * spec; the console goes there, with the watches on one object as {@link WatchedObjects#landed}
   * leaves them.
   */
  private void land(Rung from, Motion pause, Hit chosen, Spec owner) {
    Motion seek = Motion.seek(List.of(chosen.spec()), chosen.ordinal());
    List<Motion> history = from == null ? List.of() : from.path();
    if (pause != null) {
      history = Motion.append(history, pause);
    }
    history = Motion.append(history, seek);
    Driver landing = RungJvms.reach(s, from);
    Stop at;
    try {
      if (pause != null && landing.perform(pause).interrupted()) {
        throw new Interrupted();
      }
      at = landing.perform(seek);
      if (at.interrupted()) {
        throw new Interrupted();
      }
    } catch (RuntimeException e) {
      landing.close();
      throw e;
    }
    List<Spec> kept = watched.landed(landing, at, history, owner, at.thread() == null ? null : at.thread().name());
    s.specs.clear();
    s.specs.addAll(kept);
    landing.user().sync(kept, WatchedObjects.objectsOf(landing, kept));
    s.switchTo(landing, history, null);
  }
}
