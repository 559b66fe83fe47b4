package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/** A park permit given by a thread the scheduler does not run is logged where it is taken. */
class ParkingTest {

  /** Writes go to a list; reads come from a queue of (kind, ordinal, tick). */
  private static final class Log extends StrictScheduleLog {
    final boolean replaying;
    final List<String> written = new ArrayList<>();
    final Deque<Object[]> toRead = new ArrayDeque<>();

    Log(boolean replaying) {
      this.replaying = replaying;
    }

    @Override
    public boolean replaying() {
      return replaying;
    }

    @Override
    public void write(SchedThread t, EventKind kind, int thread, long value) {
      written.add(kind + " " + thread + " " + value);
    }

    @Override
    public boolean peek(SchedThread t, Decision into) {
      Object[] d = toRead.peek();
      if (d == null) {
        return false;
      }
      into.set((EventKind) d[0], (Integer) d[1] + 1, (Long) d[2]);
      return true;
    }

    @Override
    public void consume(SchedThread t) {
      toRead.remove();
    }
  }

  @AfterEach
  void reset() {
    ReplayPosition.events = 0;
    ReplayPosition.scheduling = false;
    ReplayPosition.running = null;
  }

  @Test
  void aRecordedParkTakingAnOutsidePermitLogsItOneTickOn() {
    Log log = new Log(false);
    Scheduler scheduler = new Scheduler(log, SchedulePolicy.fair());
    SchedThread main = new SchedThread(0, Thread.currentThread(), null);
    scheduler.adoptMain(main);
    main.ticks = 41;
    scheduler.unparkFromOutside(Thread.currentThread());
    scheduler.park(main, 0);
    assertEquals(List.of("SCHED_ADMIT 0 42"), log.written);
    assertEquals(42, main.ticks);
    scheduler.unpark(main, Thread.currentThread()); // the program's own unpark: no log
    scheduler.park(main, 0);
    assertEquals(1, log.written.size(), log.written.toString());
    assertEquals(42, main.ticks);
  }

  @Test
  void aReplayedParkTakesTheLoggedPermitWithoutAnyUnpark() {
    Log log = new Log(true);
    Scheduler scheduler = new Scheduler(log, SchedulePolicy.fair());
    SchedThread main = new SchedThread(0, Thread.currentThread(), null);
    scheduler.adoptMain(main);
    main.ticks = 41;
    log.toRead.add(new Object[] {EventKind.SCHED_ADMIT, 0, 42L});
    scheduler.unparkFromOutside(Thread.currentThread()); // ignored in replay
    scheduler.park(main, 0);
    assertEquals(0, log.toRead.size(), "the logged permit was not taken");
    assertEquals(42, main.ticks);
    assertEquals(1, ReplayPosition.events, "the taken permit is a counted event");
  }
}
