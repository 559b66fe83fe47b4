package ttd.debug.target;

import com.sun.jdi.ClassType;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import java.util.ArrayList;
import java.util.List;

/**
 * A run to just after one recorded event: the replay's {@code ReplayPosition.stopAt} is set to
 * it, a breakpoint waits in {@code ReplayPosition.reached()}, and the user's own requests are
 * off meanwhile (observers stay on: a search that replays a goto or a pause must count the hits
 * on the way, as its landing from a rung does). For a goto the thread then steps out of ttd's code into the program's; a pause
 * (a checkpoint of the ladder) stays right there, at the event boundary itself.
 */
final class GotoEvent {

  private final Target target;
  private final long index;
  private final boolean stepOut;
  private final List<EventRequest> made = new ArrayList<>();

  /** {@code stepOut}: go on into the program's code (a goto); else stay in ttd's hook (a pause). */
  GotoEvent(Target target, long index, boolean stepOut) {
    this.target = target;
    this.index = index;
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
    try {
      ClassType position = target.positionClass();
      if (position != null) {
        arm(position);
      } else {
        ClassPrepareRequest prepare = erm.createClassPrepareRequest();
        prepare.addClassFilter(Target.POSITION_CLASS);
        prepare.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        prepare.putProperty(Role.KEY, Role.PREPARE);
        prepare.enable();
        made.add(prepare);
        target.onClassPrepare(this::prepared);
      }
      Stop reached = target.resume();
      for (EventRequest r : made) {
        erm.deleteEventRequest(r);
      }
      if (!reached.ended() && target.positionClass() != null) {
        target.setPositionField("stopAt", 0);
      }
      return stepOut ? target.finishGoto(reached) : target.finishPause(reached);
    } finally {
      for (EventRequest r : paused) {
        r.enable();
      }
    }
  }

  private void prepared(ReferenceType type) {
    if (type.name().equals(Target.POSITION_CLASS) && made.size() == 1) {
      arm((ClassType) type);
    }
  }

  private void arm(ClassType position) {
    target.setPositionField("stopAt", index + 1);
    BreakpointRequest bp =
        target.vm().eventRequestManager()
            .createBreakpointRequest(position.methodsByName("reached").get(0).location());
    bp.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    bp.putProperty(Role.KEY, Role.GOTO);
    bp.enable();
    made.add(bp);
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
