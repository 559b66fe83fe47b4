package ttd.debug.replayvm;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.request.StepRequest;
import ttd.debug.code.ProgramBci;

/**
 * The last leg of a goto to a stop's position ({@code 57.2@3:402}): from where the goto entered the
 * program's code at the tick, on in the same thread, one instruction at a time, to the first
 * instruction of that tick where the thread has the place's frame count and its top frame is at
 * the place's bytecode offset (the program's own, as stop lines print it). A tick begins at a
 * method entry or a loop back-edge, so the stop lies a few lines on, and every replay of the
 * recording runs those same instructions. Deeper than the place it steps out, at its depth over
 * calls, above it into them (ttd's code is passed over, and so is the JDK's unless the place names
 * a method that does not tick at its entry, which may be the JDK's). If the
 * tick or the event changes first, the place is not in that tick: the walk stops there, and the
 * goto's title says so.
 */
public final class PlaceWalk {

  private final Target target;
  private final ProgramBci bci;

  PlaceWalk(Target target, ProgramBci bci) {
    this.target = target;
    this.bci = bci;
  }

  /** From {@code from} (in the program, at {@code to}'s tick) on to {@code to}'s place. */
  Stop walk(Stop from, Position to) {
    ThreadReference thread = from.thread();
    Position.Place place = to.place();
    Stop s = from;
    while (!s.ended() && !s.interrupted() && s.thread() != null && inTick(s, to)) {
      Position.Place here;
      try {
        here = placeOf(thread, bci);
      } catch (IncompatibleThreadStateException e) {
        return s;
      }
      if (here.equals(place)) {
        return s;
      }
      int frames = here.frames();
      int depth = frames > place.frames() ? StepRequest.STEP_OUT : frames == place.frames() ? StepRequest.STEP_OVER : StepRequest.STEP_INTO;
      s = target.step(thread, StepRequest.STEP_MIN, depth, place.method() == null ? Target.STEP_EXCLUDES : Target.TTD_EXCLUDES);
    }
    return s;
  }

  /**
   * Where a suspended {@code thread} is inside its tick: its frame count and the program's bci of
   * its top frame, and that frame's method name if the method does not tick at its entry.
   */
  public static Position.Place placeOf(ThreadReference thread, ProgramBci bci) throws IncompatibleThreadStateException {
    Location top = thread.frame(0).location();
    return new Position.Place(thread.frameCount(), bci.of(top), bci.ticksAtEntry(top.method()) ? null : top.method().name());
  }

  private static boolean inTick(Stop s, Position to) {
    return s.position().event() == to.event() && s.position().tick() == to.tick();
  }
}
