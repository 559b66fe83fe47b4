package ttd.debug.replayvm;

import com.sun.jdi.event.LocatableEvent;

/**
 * A request meant for one thread that had not started when the request was made: JDI filters by
 * a live thread only, so the request carries the thread's name as its {@link #KEY} property and
 * its events from other threads are dropped as they come. Without it, a reverse step from a
 * thread's first line counted the line starts of the threads that ran before it was started, and
 * landed in one of them.
 */
public final class LaterThread {

  /** The request property that holds the name of the only thread whose events count. */
  public static final String KEY = "ttd.laterThread";

  private LaterThread() {}

  /** Whether {@code e} is of the thread its request is for (true when the request names none). */
  static boolean ours(LocatableEvent e) {
    Object name = e.request().getProperty(KEY);
    return !(name instanceof String) || e.thread().name().equals(name);
  }
}
