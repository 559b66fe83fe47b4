package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/** A park permit given by a thread the scheduler does not run is logged where it is taken. */
@ExtendWith(ResetsReplayPosition.class)
class ParkingTest {

  @Test
  void aRecordedParkTakingAnOutsidePermitLogsItOneTickOn() {
    ScriptedScheduleLog log = new ScriptedScheduleLog(false, false);
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
    ScriptedScheduleLog log = new ScriptedScheduleLog(true, false);
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
