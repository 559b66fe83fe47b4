package ttd.debug.replayvm;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.LocatableEvent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether an event of a user's request or an observer's is the program's: the user never sees
 * ttd's own work, whose writes, calls and timing differ between replays (a watch on {@code
 * AbstractQueuedSynchronizer.state} stopped under the agent's {@code premain} at position -1.1,
 * and {@code history} listed writes of ttd's locks that no two replays agreed on). An event is the
 * program's once the replay {@linkplain #start() consumes the program's first event}, on a thread
 * the JVM did not already run before ttd started (the JDK's Reference Handler, Finalizer,
 * Common-Cleaner…, which ttd does not schedule; the thread that prepared ttd's position class is
 * the program's main), and not inside ttd's frames ({@link TtdFrames#onTop}: a hook's work on a
 * program thread, or a thread of ttd's own).
 */
final class ProgramWork {

  private final Set<ThreadReference> before = new HashSet<>();
  private boolean running;

  /** Notes the threads the JVM runs when ttd's position class is prepared on {@code preparing}. */
  void ttdStarts(List<ThreadReference> threads, ThreadReference preparing) {
    before.addAll(threads);
    before.remove(preparing);
  }

  /** The program runs from now on: the replay consumes its first event. */
  void start() {
    running = true;
  }

  /** Whether {@code e} (the replay suspended) happened in the program's own work. */
  boolean programs(LocatableEvent e) {
    ThreadReference t = e.thread();
    if (!running || before.contains(t)) {
      return false;
    }
    try {
      return TtdFrames.onTop(t.frames()) == 0;
    } catch (IncompatibleThreadStateException ex) {
      return true;
    }
  }
}
