package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.agent.schedule.SchedThread.State;

class ShadowStateTest {

  private final ShadowState shadow = new ShadowState();
  private final SchedThread main = thread(0);
  private final SchedThread a = thread(1);
  private final SchedThread b = thread(2);
  private final Object lockA = new Object();
  private final Object lockB = new Object();

  ShadowStateTest() {
    shadow.add(b);
    shadow.add(main);
    shadow.add(a);
  }

  @Test
  void aThreadWaitingForAHeldMonitorCannotRunUntilItIsReleased() {
    a.acquire(lockA);
    a.acquire(lockA);
    b.state = State.MONITOR;
    b.want = lockA;
    assertSame(a, shadow.holderOf(lockA));
    assertFalse(shadow.eligible(b));
    assertTrue(shadow.othersHold(b));
    a.releaseAll(lockA);
    assertTrue(shadow.eligible(b));
    assertEquals(List.of(main, b), shadow.eligibleOthers(a), "others in ordinal order");
  }

  @Test
  void monitorsTheThreadHasLeftAreDroppedWhenItPrunes() {
    Object kept = new Object();
    synchronized (kept) {
      main.acquire(lockA); // taken and left again: exits are not hooked
      main.acquire(kept);
      main.prune();
    }
    assertSame(null, shadow.holderOf(lockA));
    assertSame(main, shadow.holderOf(kept));
  }

  @Test
  void notifyWakesTheLongestWaiterWhichThenReacquiresTheMonitor() {
    wait(b, lockA, 1);
    wait(a, lockA, 2);
    shadow.notify(lockA, false);
    assertEquals(State.MONITOR, b.state);
    assertSame(lockA, b.want);
    assertEquals(State.WAIT, a.state);
    shadow.notify(lockA, true);
    assertEquals(State.MONITOR, a.state);
  }

  @Test
  void aLockOrderingCycleIsADeadlockAndTheReportNamesThreadsAndLocks() {
    a.acquire(lockA);
    b.acquire(lockB);
    a.state = State.MONITOR;
    a.want = lockB;
    b.state = State.MONITOR;
    b.want = lockA;
    main.state = State.JOIN;
    main.joining = a;
    assertTrue(shadow.deadlocked());
    String report = DeadlockReport.of(shadow);
    assertTrue(report.contains("thread #1 \"t1\" waits for the monitor of a java.lang.Object, held by thread #2 \"t2\""), report);
    assertTrue(report.contains("thread #0 \"t0\" joins thread #1 \"t1\""), report);
  }

  @Test
  void aThreadThatWillComeBackByItselfIsNoDeadlock() {
    a.state = State.PARK;
    b.state = State.EXTERNAL;
    main.state = State.PARK;
    assertFalse(shadow.deadlocked(), "the sleeping thread comes back");
    b.state = State.PARK;
    b.timed = true;
    assertFalse(shadow.deadlocked(), "a timed park ends by itself");
    b.timed = false;
    assertTrue(shadow.deadlocked());
  }

  @Test
  void anEndedThreadReleasesItsJoiners() {
    main.state = State.JOIN;
    main.joining = a;
    a.state = State.DONE;
    shadow.ended(a);
    assertEquals(State.RUNNABLE, main.state);
    assertNull(shadow.byOrdinal(1));
  }

  private static void wait(SchedThread t, Object monitor, long order) {
    t.state = State.WAIT;
    t.waitingOn = monitor;
    t.waitOrder = order;
  }

  private static SchedThread thread(int ordinal) {
    return new SchedThread(ordinal, new Thread("t" + ordinal), null);
  }
}
