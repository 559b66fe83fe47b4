package ttd.debug.replayvm;

import com.sun.jdi.ClassType;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import java.util.ArrayList;
import java.util.List;

/**
 * A run to a position (event, tick): the replay's {@code ReplayPosition.stopAt} is set to the
 * event and a breakpoint waits in {@code ReplayPosition.reached()}; for a later tick, {@code
 * stopAtTick} is set too and a breakpoint waits in {@code tickReached()}, which the thread holding
 * the baton calls on its tick path at that tick. The user's own requests are off meanwhile
 * (observers stay on: a search that replays a goto or a pause must count the hits on the way, as
 * its landing from a rung does). For a goto the thread then steps out of ttd's code into the
 * program's; a pause (a checkpoint of the ladder) stays right there, inside ttd's code.
 *
 * <p>The breakpoint in {@code tickReached()} is set together with the one in {@code reached()}:
 * at a hand-over the scheduler passes the baton before it counts the event, and the thread that
 * gets it may run on while the replay is being suspended at {@code reached()} (its timed wait for
 * the baton can end then), past the tick; it must stop itself there.
 *
 * <p>A tick the stretch after the event does not reach (the next event comes first) is noticed
 * at the entry of {@code consumed()} or {@code handedOver()} for a counting event: a goto then
 * goes on to just after that next event, a pause fails (a rung lies only where a replay passed).
 */
final class GotoEvent {

  private final Target target;
  private final Position to;
  private final boolean stepOut;
  private final List<EventRequest> made = new ArrayList<>();
  /** The breakpoint in {@code tickReached()} while a later tick is armed, else null. */
  private BreakpointRequest tickStop;

  /** {@code stepOut}: go on into the program's code (a goto); else stay in ttd's code (a pause). */
  GotoEvent(Target target, Position to, boolean stepOut) {
    this.target = target;
    this.to = to;
    this.stepOut = stepOut;
  }

  Stop run() {
    EventRequestManager erm = target.vm().eventRequestManager();
    List<EventRequest> paused = new ArrayList<>();
    for (EventRequest r : allUserRequests(erm)) {
      if (r.isEnabled()) {
        r.disable();
        paused.add(r);
      }
    }
    target.muteUser(true); // requests a class load installs on the way are enabled: they must not stop it either
    try {
      boolean atEvent = to.tick() > 0 && target.positionClass() != null && target.readEvent() == to.event();
      Stop reached = atEvent ? target.last() : toEvent(to.event(), to.tick());
      if (to.tick() > 0 && !reached.ended() && !reached.interrupted() && !fired(reached, tickStop)) {
        reached = toTick();
      }
      clearTickStop(reached.ended());
      return stepOut ? target.finishGoto(reached, to) : target.finishPause(reached);
    } finally {
      clearTickStop(target.ended());
      target.muteUser(false);
      for (EventRequest r : paused) {
        r.enable();
      }
    }
  }

  /** Runs to the instant event {@code index} is consumed, with a tick stop {@code tick} armed there. */
  private Stop toEvent(long index, long tick) {
    EventRequestManager erm = target.vm().eventRequestManager();
    ClassType position = target.positionClass();
    if (position != null) {
      arm(position, index, tick);
    } else {
      ClassPrepareRequest prepare = erm.createClassPrepareRequest();
      prepare.addClassFilter(Target.POSITION_CLASS);
      prepare.setSuspendPolicy(EventRequest.SUSPEND_ALL);
      prepare.putProperty(Role.KEY, Role.PREPARE);
      prepare.enable();
      made.add(prepare);
      target.onClassPrepare(type -> prepared(type, index, tick));
    }
    Stop reached = target.resume();
    clear(reached);
    return reached;
  }

  private void prepared(ReferenceType type, long index, long tick) {
    if (type.name().equals(Target.POSITION_CLASS) && made.size() == 1) {
      arm((ClassType) type, index, tick);
    }
  }

  private void arm(ClassType position, long index, long tick) {
    target.setPositionField("stopAt", index + 1);
    target.setPositionField("stopAtTick", tick);
    breakpoint(position, "reached");
    if (tick > 0) {
      tickStop = tickBreakpoint(position);
    }
  }

  /**
   * From the instant event {@code to.event()} is consumed (or a point after it, before the tick):
   * on to the tick, or, if the next event comes first, to just after that event (a goto).
   */
  private Stop toTick() {
    ClassType position = target.positionClass();
    target.setPositionField("stopAt", to.event() + 1);
    target.setPositionField("stopAtTick", to.tick());
    target.positionFields().forceSlowTick();
    BreakpointRequest tick = tickStop != null ? tickStop : (tickStop = tickBreakpoint(position));
    BreakpointRequest consumed = breakpoint(position, "consumed");
    BreakpointRequest handedOver = breakpoint(position, "handedOver");
    Stop s;
    boolean missed;
    while (true) {
      s = target.resume();
      if (s.ended() || s.interrupted() || fired(s, tick)) {
        missed = false;
        break;
      }
      if (fired(s, handedOver) || (fired(s, consumed) && target.positionFields().counts(s.thread()))) {
        missed = true;
        break;
      }
    }
    clear(s);
    if (!missed) {
      return s;
    }
    if (!stepOut) {
      throw new IllegalStateException("no tick " + to.tick() + " after event " + to.event() + ": the next event comes first");
    }
    return toEvent(to.event() + 1, 0);
  }

  /** Deletes the tick stop's breakpoint, if any (unless the replay ended). */
  private void clearTickStop(boolean ended) {
    if (tickStop != null && !ended) {
      target.vm().eventRequestManager().deleteEventRequest(tickStop);
    }
    tickStop = null;
  }

  private static boolean fired(Stop s, EventRequest r) {
    if (r == null) {
      return false;
    }
    for (LocatableEvent e : s.events()) {
      if (e.request() == r) {
        return true;
      }
    }
    return false;
  }

  private BreakpointRequest breakpoint(ClassType position, String method) {
    BreakpointRequest bp = request(position, method);
    made.add(bp);
    return bp;
  }

  /** The tick stop's breakpoint: it outlives the run to the event, until the goto ends. */
  private BreakpointRequest tickBreakpoint(ClassType position) {
    return request(position, "tickReached");
  }

  private BreakpointRequest request(ClassType position, String method) {
    BreakpointRequest bp =
        target.vm().eventRequestManager().createBreakpointRequest(position.methodsByName(method).get(0).location());
    bp.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    bp.putProperty(Role.KEY, Role.GOTO);
    bp.enable();
    return bp;
  }

  /** Deletes this goto's requests and disarms the stop (unless the replay ended). */
  private void clear(Stop reached) {
    EventRequestManager erm = target.vm().eventRequestManager();
    for (EventRequest r : made) {
      erm.deleteEventRequest(r);
    }
    made.clear();
    if (!reached.ended() && target.positionClass() != null) {
      target.setPositionField("stopAt", 0);
      target.setPositionField("stopAtTick", 0);
    }
  }

  private static List<EventRequest> allUserRequests(EventRequestManager erm) {
    List<EventRequest> all = new ArrayList<>();
    all.addAll(erm.breakpointRequests());
    all.addAll(erm.modificationWatchpointRequests());
    all.addAll(erm.accessWatchpointRequests());
    all.addAll(erm.exceptionRequests());
    all.removeIf(r -> r.getProperty(Role.KEY) != Role.USER); // observers go on counting: a search counts every hit
    return all;
  }
}
