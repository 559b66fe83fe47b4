package ttd.agent.record;

import ttd.agent.schedule.Scheduler;
import ttd.agent.session.ProgramRun;
import ttd.agent.session.ThreadState;
import ttd.log.EventKind;

/**
 * Numbers the recorded events in the program's one global order while it is recorded, as a replay
 * counts them in {@code ttd.runtime.ReplayPosition} (the positions the debugger shows): an event
 * counts when the thread holding the scheduler's baton records it (scheduling off, every event
 * counts), and every hand-over of the baton counts as one (a switch, or a thread resuming an
 * idle program). Events a thread records while it does not hold the baton (its first event, I/O
 * results while it waits outside the scheduler) lie outside the order: their moment is not fixed.
 * The serializing scheduler lets one thread run at a time, so the count needs no lock.
 */
final class EventOrder {

  private final ProgramRun run;
  private long next;

  EventOrder(ProgramRun run) {
    this.run = run;
  }

  /** Notes the event of {@code kind} that {@code t} records now, as its event {@code t.index()}. */
  void event(ThreadState t, EventKind kind) {
    Scheduler s = run.scheduler();
    boolean counts = kind == EventKind.THREAD_BEGIN ? t.isMain()
        : kind == EventKind.SCHED_SWITCH || kind == EventKind.SCHED_RESUME || s == null || !s.enabled() || s.runs(t.sched());
    RecordedThread.of(t).order.event(t.index(), counts ? next++ : -1);
  }
}
