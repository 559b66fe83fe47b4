package ttd.debug.target;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.ThreadReference;

/**
 * Whether a program thread is inside ttd's own code (the agent, its runtime, Chronicle): an
 * exception thrown there is the recorder's business, not the program's, and does not stop a
 * {@code catch}.
 */
final class TtdFrames {

  private TtdFrames() {}

  /** Whether any frame of the (suspended) {@code thread} belongs to ttd. */
  static boolean insideTtd(ThreadReference thread) {
    try {
      for (com.sun.jdi.StackFrame f : thread.frames()) {
        String n = f.location().declaringType().name();
        if (n.startsWith("ttd.agent.") || n.startsWith("ttd.runtime.") || n.startsWith("ttd.launch.") || n.startsWith("net.openhft.")) {
          return true;
        }
      }
    } catch (IncompatibleThreadStateException e) {
      return false;
    }
    return false;
  }
}
