package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import ttd.agent.schedule.SchedThread.State;
import ttd.agent.value.ThreadInfos;

/** What thread infos show of threads waiting in the scheduler: the model's waits, and its deadlocks. */
class ModelWaitsTest {

  private final ShadowState shadow = new ShadowState();
  private final ModelWaits waits = new ModelWaits(new Object(), shadow, new Baton(new RecordingScheduleLog(), SchedulePolicy.fair()));
  private final SchedThread caller = new SchedThread(0, Thread.currentThread(), null);
  private final SchedThread a = thread(1);
  private final SchedThread b = thread(2);
  private final SchedThread c = thread(3);
  private final Object lockA = new Object();
  private final Object lockB = new Object();

  ModelWaitsTest() {
    for (SchedThread t : new SchedThread[] {caller, a, b, c}) {
      shadow.add(t);
    }
  }

  @Test
  void aThreadBlockedOnAMonitorShowsTheMonitorAndItsHolder() {
    caller.acquire(lockA);
    want(a, lockA);
    assertEquals(new ThreadInfos.Wait(a.thread, Thread.State.BLOCKED, lockA, caller.thread), waits.waitOf(a.thread.getId()));
    assertEquals(new ThreadInfos.Wait(b.thread, Thread.State.RUNNABLE, null, null), waits.waitOf(b.thread.getId()),
        "a thread waiting for its turn runs, as far as the program knows");
    assertNull(waits.waitOf(caller.thread.getId()), "the caller runs: the JVM's answer is the program's");
    assertNull(waits.waitOf(Long.MAX_VALUE), "a thread the scheduler does not run");
  }

  @Test
  void aWaitingOrJoiningThreadShowsWhatItWaitsOnWithoutAnOwner() {
    shadow.set(a, State.WAIT);
    a.waitingOn = lockB;
    a.timed = true;
    shadow.set(b, State.JOIN);
    b.joining = a;
    assertEquals(new ThreadInfos.Wait(a.thread, Thread.State.TIMED_WAITING, lockB, null), waits.waitOf(a.thread.getId()));
    assertEquals(new ThreadInfos.Wait(b.thread, Thread.State.WAITING, a.thread, null), waits.waitOf(b.thread.getId()),
        "Thread.join waits on the thread it joins");
  }

  @Test
  void threadsWantingWhatTheNextHoldsInACycleAreDeadlockedButNotOneThatWaitsForThem() {
    a.acquire(lockA);
    b.acquire(lockB);
    want(a, lockB);
    want(b, lockA);
    want(c, lockA);
    long[] cycle = {a.thread.getId(), b.thread.getId()};
    assertArrayEquals(cycle, waits.deadlocked(true));
    assertArrayEquals(cycle, waits.deadlocked(false));
    shadow.set(b, State.RUNNABLE);
    assertArrayEquals(new long[0], waits.deadlocked(true));
  }

  private void want(SchedThread t, Object monitor) {
    shadow.set(t, State.MONITOR);
    t.want = monitor;
  }

  private static SchedThread thread(int ordinal) {
    return new SchedThread(ordinal, new Thread("t" + ordinal), null);
  }
}
