package ttd.agent.session;

import static ttd.runtime.NativeIoOp.PROCESS_LIST;

import ttd.log.EventKind;
import ttd.runtime.RealCalls;

/**
 * Listings of processes ({@code ProcessHandle.children}, {@code descendants}, {@code allProcesses},
 * and the same of a {@code Process}): the JDK asks {@code getProcessPids0} to fill arrays with pids,
 * parent pids and start times, read from {@code /proc}.
 *
 * <p>Recording lists the processes and logs the question (whose children, or all, and how much
 * room the arrays have) with the answer: the count the native returned and the entries it filled
 * in. A replay reads nothing from the OS: it checks the question and writes the recorded entries
 * into the program's arrays, so the program sees the recording's processes, also those that no
 * longer exist (the children a replay never started).
 */
final class ProcessListings {

  private ProcessListings() {}

  /** {@code getProcessPids0(pid, pids, ppids, starttimes)}: returns the count, fills the arrays. */
  static Object exchange(Exchange s, ThreadState t, RealCalls real, Object[] a) throws Exception {
    long[] pids = (long[]) a[1];
    long[] ppids = (long[]) a[2];
    long[] starts = (long[]) a[3];
    String key = NativeCalls.key(PROCESS_LIST, a[0], "room", pids.length, "parents", ppids != null,
        "starts", starts != null);
    String outcome = null;
    RuntimeException failure = null;
    if (s.performsRealIo()) {
      try {
        outcome = text((Integer) real.call(PROCESS_LIST, a), pids, ppids, starts);
      } catch (RuntimeException e) {
        failure = e;
        outcome = "!" + e.getMessage();
      }
    }
    outcome = s.exchangePair(t, EventKind.PROCESS_CALL, key, outcome);
    if (failure != null) {
      throw failure;
    }
    if (outcome.startsWith("!")) {
      throw new RuntimeException(outcome.substring(1)); // what the native throws ("Unable to open /proc")
    }
    return s.performsRealIo() ? (Object) count(outcome) : (Object) apply(outcome, pids, ppids, starts);
  }

  /**
   * The native's answer as one line: the count, then one {@code pid,ppid,start} entry per filled
   * slot (the count may exceed the arrays' room: the JDK then asks again with larger arrays), an
   * array the caller did not pass written as {@code -}.
   */
  static String text(int count, long[] pids, long[] ppids, long[] starts) {
    StringBuilder b = new StringBuilder().append(count);
    int filled = Math.max(0, Math.min(count, pids.length));
    for (int i = 0; i < filled; i++) {
      b.append(' ').append(pids[i])
          .append(',').append(ppids == null ? "-" : Long.toString(ppids[i]))
          .append(',').append(starts == null ? "-" : Long.toString(starts[i]));
    }
    return b.toString();
  }

  /** Writes a logged answer into the arrays and returns its count. */
  static int apply(String text, long[] pids, long[] ppids, long[] starts) {
    String[] parts = text.split(" ");
    for (int i = 1; i < parts.length && i - 1 < pids.length; i++) {
      String[] e = parts[i].split(",", 3);
      pids[i - 1] = Long.parseLong(e[0]);
      if (ppids != null && !e[1].equals("-")) {
        ppids[i - 1] = Long.parseLong(e[1]);
      }
      if (starts != null && !e[2].equals("-")) {
        starts[i - 1] = Long.parseLong(e[2]);
      }
    }
    return count(text);
  }

  private static int count(String text) {
    int space = text.indexOf(' ');
    return Integer.parseInt(space < 0 ? text : text.substring(0, space));
  }
}
