package ttd.debug.replayvm;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import java.util.List;
import ttd.log.AddedMembers;

/**
 * Whether a program thread is inside ttd's own code (the agent, its runtime, Chronicle): an
 * exception thrown there is the recorder's business, not the program's, and does not stop a
 * {@code catch}; a thread that waits for its turn in ttd's scheduler has ttd's frames on top,
 * which {@code where} folds and {@code thread} steps below. The bridges ttd adds to program classes
 * ({@link AddedMembers}) are ttd's frames too.
 */
public final class TtdFrames {

  private TtdFrames() {}

  /** Whether any frame of the (suspended) {@code thread} belongs to ttd. */
  static boolean insideTtd(ThreadReference thread) {
    try {
      for (StackFrame f : thread.frames()) {
        if (ttd(f)) {
          return true;
        }
      }
    } catch (IncompatibleThreadStateException e) {
      return false;
    }
    return false;
  }

  /**
   * How many of {@code frames}, from the top, are ttd's or the JDK's that ttd's called ({@code
   * Object.wait} above the scheduler's wait): down to the outermost ttd frame above the program's.
   */
  public static int onTop(List<StackFrame> frames) {
    int hidden = 0;
    for (int i = 0; i < frames.size(); i++) {
      if (ttd(frames.get(i))) {
        hidden = i + 1;
      } else if (!jdk(frames.get(i))) {
        break;
      }
    }
    return hidden;
  }

  private static boolean jdk(StackFrame f) {
    String n = f.location().declaringType().name();
    return n.startsWith("java.") || n.startsWith("jdk.") || n.startsWith("sun.");
  }

  private static boolean ttd(StackFrame f) {
    String n = f.location().declaringType().name();
    return n.startsWith("ttd.agent.") || n.startsWith("ttd.runtime.") || n.startsWith("ttd.log.") || n.startsWith("ttd.launch.")
        || n.startsWith("net.openhft.") || AddedMembers.isNativeIoBridge(f.location().method().name());
  }
}
