package ttd.agent.record;

import ttd.agent.session.ThreadState;
import ttd.log.BlockEncoder;

/**
 * What the recording keeps for one thread beside the session's {@link ThreadState}: the block of
 * its events not yet written and where they lie in the program's global order. Record-only, so it
 * lives here and the session holds it untyped ({@link ThreadState#modeState()}).
 */
final class RecordedThread {

  final BlockEncoder encoder;
  final OrderRuns order = new OrderRuns();

  RecordedThread(BlockEncoder encoder) {
    this.encoder = encoder;
  }

  /** The record's state of {@code t}, attached when the session made it. */
  static RecordedThread of(ThreadState t) {
    return (RecordedThread) t.modeState();
  }
}
