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
    shadow.set(b, State.MONITOR);
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
    shadow.set(a, State.MONITOR);
    a.want = lockB;
    shadow.set(b, State.MONITOR);
    b.want = lockA;
    shadow.set(main, State.JOIN);
    main.joining = a;
    assertTrue(shadow.deadlocked());
    String report = DeadlockReport.of(shadow);
    assertTrue(report.contains("thread #1 \"t1\" waits for the monitor of a java.lang.Object, held by thread #2 \"t2\""), report);
    assertTrue(report.contains("thread #0 \"t0\" joins thread #1 \"t1\""), report);
  }

  @Test
  void aThreadThatWillComeBackByItselfIsNoDeadlock() {
    shadow.set(a, State.PARK);
    shadow.set(b, State.EXTERNAL);
    shadow.set(main, State.PARK);
    assertFalse(shadow.deadlocked(), "the sleeping thread comes back");
    shadow.set(b, State.PARK);
    b.timed = true;
    assertFalse(shadow.deadlocked(), "a timed park ends by itself");
    b.timed = false;
    assertTrue(shadow.deadlocked());
  }

  @Test
  void anEndedThreadReleasesItsJoiners() {
    shadow.set(main, State.JOIN);
    main.joining = a;
    shadow.set(a, State.DONE);
    shadow.ended(a);
    assertEquals(State.RUNNABLE, main.state);
    assertNull(shadow.byOrdinal(1));
  }

  @Test
  void roundRobinWithoutAListChoosesWhatTheListWouldGiveInEveryState() {
    ShadowState many = new ShadowState();
    List<SchedThread> threads = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      SchedThread t = thread(i);
      threads.add(t);
      many.add(t);
    }
    Object[] monitors = {new Object(), new Object(), new Object()};
    java.util.Random random = new java.util.Random(7);
    SchedulePolicy fair = SchedulePolicy.fair();
    State[] states = {State.RUNNABLE, State.MONITOR, State.WAIT, State.PARK, State.EXTERNAL};
    int differentFromTheNextOrdinal = 0;
    for (int round = 0; round < 2_000; round++) {
      SchedThread t = threads.get(random.nextInt(threads.size()));
      if (t.heldCount > 0 && random.nextBoolean()) {
        t.releaseAll(t.held[0]);
      } else if (random.nextInt(4) == 0) {
        t.acquire(monitors[random.nextInt(monitors.length)]);
      }
      State state = states[random.nextInt(states.length)];
      many.set(t, state);
      t.want = state == State.MONITOR ? monitors[random.nextInt(monitors.length)] : null;
      SchedThread current = threads.get(random.nextInt(threads.size()));
      List<SchedThread> listed = many.eligibleOthers(current);
      SchedThread expected = listed.isEmpty() ? null : fair.choose(current, listed);
      SchedThread chosen = fair.next(current, many);
      assertSame(expected, chosen, "round " + round);
      if (chosen != null && chosen.ordinal != current.ordinal + 1) {
        differentFromTheNextOrdinal++;
      }
    }
    assertTrue(differentFromTheNextOrdinal > 100, "blocked threads were skipped: " + differentFromTheNextOrdinal);
  }

  @Test
  void threadsBackFromAWaitAreLetInInOrdinalOrderOnce() {
    shadow.set(a, State.PARK);
    shadow.set(b, State.EXTERNAL);
    shadow.arrive(b);
    shadow.arrive(a);
    assertEquals(List.of(a, b), shadow.arrived());
    assertEquals(List.of(), shadow.arrived(), "each arrival is handed out once");
  }

  private void wait(SchedThread t, Object monitor, long order) {
    shadow.set(t, State.WAIT);
    t.waitingOn = monitor;
    t.waitOrder = order;
  }

  private static SchedThread thread(int ordinal) {
    return new SchedThread(ordinal, new Thread("t" + ordinal), null);
  }
}
