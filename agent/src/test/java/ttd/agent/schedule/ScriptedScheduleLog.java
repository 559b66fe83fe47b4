package ttd.agent.schedule;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import ttd.log.EventKind;

/**
 * A scheduler test's log: decisions written go to a list as text, and decisions read come from a
 * script of (kind, ordinal, tick) in order, whichever thread reads.
 */
final class ScriptedScheduleLog extends StrictScheduleLog {

  private final boolean replaying;
  private final boolean namesWriter;
  /** "KIND thread value", each prefixed with "ordinal: " of the writing thread if {@code namesWriter}. */
  final List<String> written = Collections.synchronizedList(new ArrayList<>());
  final Deque<Object[]> toRead = new ArrayDeque<>();

  ScriptedScheduleLog(boolean replaying, boolean namesWriter) {
    this.replaying = replaying;
    this.namesWriter = namesWriter;
  }

  @Override
  public boolean replaying() {
    return replaying;
  }

  @Override
  public void write(SchedThread t, EventKind kind, int thread, long value) {
    written.add((namesWriter ? t.ordinal + ": " : "") + kind + " " + thread + " " + value);
  }

  @Override
  public synchronized boolean peek(SchedThread t, Decision into) {
    Object[] d = toRead.peek();
    if (d == null) {
      return false;
    }
    into.set((EventKind) d[0], (Integer) d[1] + 1, (Long) d[2]);
    return true;
  }

  @Override
  public synchronized void consume(SchedThread t) {
    toRead.remove();
  }
}
