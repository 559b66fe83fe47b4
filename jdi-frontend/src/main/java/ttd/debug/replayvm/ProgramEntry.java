package ttd.debug.replayvm;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodEntryRequest;
import com.sun.jdi.request.StepRequest;

/**
 * How a goto gets from ttd's code into the program's in the thread that runs from the goto's
 * position. A thread already in the program steps out of ttd's frames into it. A thread the baton
 * was just handed to before it ran any code of the program (a new thread at its first hand-over,
 * still in ttd's hook at the top of its {@code run()}, or whose start has not even reached the
 * debugger) has no program frame to step out to: a step out would end only with the thread, and
 * JDI refuses to step a thread it has not seen start. The replay runs on instead until that thread
 * enters a method of the program (a method entry request that leaves out the classes a step
 * passes over) that has lines (not a lambda's proxy), and stops at its first line. Every
 * other thread of the program waits meanwhile for the baton the new thread holds.
 */
final class ProgramEntry {

  private final Target target;

  ProgramEntry(Target target) {
    this.target = target;
  }

  /** Takes {@code thread} (holding the baton at a stopped replay) into the program's code. */
  Stop step(ThreadReference thread) {
    if (inProgram(thread, false)) {
      return target.step(thread, StepRequest.STEP_OUT);
    }
    return toProgramLine(thread);
  }

  /**
   * Takes {@code thread} out of ttd's frames into the code below them, the JDK's too (a goto to a
   * place in a method that does not tick at its entry, which may be the JDK's: a pool thread's
   * {@code runWorker} has no program frame below it).
   */
  Stop stepIntoAnyCode(ThreadReference thread) {
    if (inProgram(thread, true)) {
      return target.step(thread, StepRequest.STEP_MIN, StepRequest.STEP_OUT, Target.TTD_EXCLUDES);
    }
    return toProgramLine(thread);
  }

  /** Whether a frame of the program (a class no step passes over; with {@code jdk}, the JDK's too) lies below ttd's frames. */
  private static boolean inProgram(ThreadReference thread, boolean jdk) {
    try {
      for (StackFrame f : thread.frames()) {
        String name = f.location().declaringType().name();
        if (jdk ? !Target.walkExcluded(name) : !Target.stepExcluded(name)) {
          return true;
        }
      }
      return false;
    } catch (IncompatibleThreadStateException e) {
      return false; // not suspended: its start has not reached the debugger
    }
  }

  /** Runs the replay until {@code thread} enters a method of the program that has lines. */
  private Stop toProgramLine(ThreadReference thread) {
    EventRequestManager erm = target.vm().eventRequestManager();
    MethodEntryRequest entry = erm.createMethodEntryRequest();
    for (String pattern : Target.STEP_EXCLUDES) {
      entry.addClassExclusionFilter(pattern);
    }
    entry.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    entry.putProperty(Role.KEY, Role.GOTO);
    entry.enable();
    try {
      while (true) {
        Stop s = target.resume();
        if (s.ended() || s.interrupted() || entered(s, entry, thread)) {
          return s;
        }
      }
    } finally {
      if (!target.ended()) {
        erm.deleteEventRequest(entry);
      }
    }
  }

  private static boolean entered(Stop s, EventRequest r, ThreadReference thread) {
    for (LocatableEvent e : s.events()) {
      if (e.request() == r && e.thread().equals(thread) && e.location().lineNumber() > 0) {
        return true;
      }
    }
    return false;
  }
}
