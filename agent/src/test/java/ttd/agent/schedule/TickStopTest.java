package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/** The replay scheduler's tick path stops at (event, tick) without slowing the ticks before it. */
class TickStopTest {

  /** A replay log with no decisions left: the main thread just runs. */
  private static final ScheduleLog NO_DECISIONS = new StrictScheduleLog() {
    @Override
    public boolean replaying() {
      return true;
    }

    @Override
    public void write(SchedThread t, EventKind kind, int thread, long value) {
      throw new AssertionError("a replay writes no decision");
    }

    @Override
    public boolean peek(SchedThread t, Decision into) {
      return false;
    }

    @Override
    public void consume(SchedThread t) {
      throw new AssertionError("nothing to consume");
    }
  };

  @AfterEach
  void reset() {
    ReplayPosition.events = 0;
    ReplayPosition.stopAt = 0;
    ReplayPosition.stopAtTick = 0;
    ReplayPosition.scheduling = false;
    ReplayPosition.running = null;
  }

  @Test
  void theSlowTickPathIsTakenExactlyAtTheRequestedTickAfterTheEvent() {
    Scheduler scheduler = new Scheduler(NO_DECISIONS, SchedulePolicy.fair());
    SchedThread main = new SchedThread(0, Thread.currentThread(), null);
    scheduler.adoptMain(main);
    ticks(scheduler, main, 100); // before the event: no stop armed
    ReplayPosition.stopAt = ReplayPosition.events + 1;
    ReplayPosition.stopAtTick = 37;
    ReplayPosition.consumed(); // the event, as the replaying session consumes one
    main.switchAt = 0;
    long base = main.ticks;
    int slow = 0;
    long slowAtTick = -1;
    for (int i = 0; i < 200; i++) {
      if (++main.ticks >= main.switchAt) {
        if (ReplayPosition.tick() == 37) {
          slowAtTick = ReplayPosition.tick();
        }
        slow++;
        scheduler.tick(main);
      }
    }
    assertEquals(37, slowAtTick, "the slow path never ran at tick 37 after the event");
    assertEquals(2, slow, "the slow path ran at other ticks too (the forced one after the event, then the stop)");
    assertEquals(base + 200, main.ticks);
  }

  /** What the instrumented code's tick does: {@code ++ticks >= switchAt}, then the slow path. */
  private static void ticks(Scheduler scheduler, SchedThread t, int n) {
    for (int i = 0; i < n; i++) {
      if (++t.ticks >= t.switchAt) {
        scheduler.tick(t);
      }
    }
  }
}
