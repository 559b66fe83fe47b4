package ttd.debug.requests;

import java.util.List;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.Spec;

/**
 * One thing the console made a replay do, with the requests that were set while it ran: a
 * history of motions, replayed in a fresh JVM of the same recording, reaches the same point,
 * since replay is deterministic. This is how a position is carried from one JVM to another.
 *
 * <p>{@code GOTO} and {@code PAUSE} go to position ({@code arg}, {@code tick}): tick 0 is the
 * instant event {@code arg} is consumed, a later tick the tick point where the thread holding the
 * baton reaches it. {@code PAUSE} stays there, inside ttd's code (a checkpoint of the ladder, inside
 * a run or goto that the history goes on with); {@code GOTO} goes on into the program's code, and
 * with a {@code place} on to that place inside the tick (a stop's position). {@code SEEK} runs
 * on from wherever the replay is with {@code observers} installed (and the user's requests off)
 * and stops at their {@code arg}-th event: the landing of a reverse search. Neither needs the
 * motions that came between: requests never change what a replay executes, only where it stops.
 */
public record Motion(Kind kind, String thread, long arg, long tick, Position.Place place, List<Spec> requests, List<Spec> observers) {

  public enum Kind {
    RUN,
    STEP_INTO,
    STEP_OVER,
    STEP_OUT,
    GOTO,
    PAUSE,
    SEEK
  }

  /** A motion without a place inside a tick (all but a goto to a stop's position). */
  public Motion(Kind kind, String thread, long arg, long tick, List<Spec> requests, List<Spec> observers) {
    this(kind, thread, arg, tick, null, requests, observers);
  }

  public static Motion run(List<Spec> requests) {
    return new Motion(Kind.RUN, null, 0, 0, List.copyOf(requests), List.of());
  }

  public static Motion step(Kind kind, String thread, List<Spec> requests) {
    return new Motion(kind, thread, 0, 0, List.copyOf(requests), List.of());
  }

  public static Motion gotoEvent(long index) {
    return gotoPosition(index, 0);
  }

  /** A goto to tick {@code tick} after event {@code index} (0: the event boundary). */
  public static Motion gotoPosition(long index, long tick) {
    return new Motion(Kind.GOTO, null, index, tick, List.of(), List.of());
  }

  /** A goto to {@code to}: its tick, then on to its place inside the tick if it has one. */
  public static Motion gotoPosition(Position to) {
    return new Motion(Kind.GOTO, null, to.event(), to.tick(), to.place(), List.of(), List.of());
  }

  /** A pause at event {@code index} inside {@code within} (whose requests it keeps, for bindings). */
  public static Motion pause(long index, Motion within) {
    return pause(index, 0, within);
  }

  /** A pause at tick {@code tick} after event {@code index} inside {@code within}. */
  public static Motion pause(long index, long tick, Motion within) {
    return new Motion(Kind.PAUSE, null, index, tick, within.requests(), List.of());
  }

  public static Motion seek(List<Spec> observers, long ordinal) {
    return new Motion(Kind.SEEK, null, ordinal, 0, List.of(), List.copyOf(observers));
  }

  /** Where a {@code GOTO} or {@code PAUSE} goes. */
  public Position position() {
    return new Position(arg, tick, false, place);
  }

  /** Whether the rest of this motion can be performed from a pause inside it (a run, a goto). */
  public boolean resumable() {
    return kind == Kind.RUN || kind == Kind.GOTO || kind == Kind.PAUSE;
  }

  /** The same motion with {@code more} requests set from its start. */
  public Motion withRequests(List<Spec> more) {
    java.util.ArrayList<Spec> all = new java.util.ArrayList<>(requests);
    for (Spec s : more) {
      if (!all.contains(s)) {
        all.add(s);
      }
    }
    return new Motion(kind, thread, arg, tick, place, List.copyOf(all), observers);
  }

  /** {@code history} with {@code m} appended. */
  public static List<Motion> append(List<Motion> history, Motion m) {
    java.util.ArrayList<Motion> l = new java.util.ArrayList<>(history);
    l.add(m);
    return List.copyOf(l);
  }
}
