package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What a stuck baton holder's report shows: the program's stack and the JDK code named. */
class BatonWatchTest {

  private static StackTraceElement frame(String className, String method) {
    return new StackTraceElement(className, method, null, -1);
  }

  /**
   * A holder whose thread ended without handing the baton on is reported as any stuck holder is
   * (a replay whose thread ended before the recording let it had hung silently). The watch needs
   * {@link BatonWatch#STUCK_NANOS} between its first and its last look, so the test waits that long.
   */
  @Test
  void aHolderWhoseThreadEndedIsReportedOnceItHasHeldTheBatonLongEnough() throws Exception {
    Thread gone = new Thread(() -> { }, "gone");
    gone.start();
    gone.join();
    SchedThread holder = new SchedThread(3, gone, null);
    BatonWatch watch = new BatonWatch();
    assertNull(watch.check(holder), "reported at first sight");
    Thread.sleep(BatonWatch.STUCK_NANOS / 1_000_000 + 100);
    String report = watch.check(holder);
    assertTrue(report != null && report.startsWith("thread #3 \"gone\" holds the scheduler's baton but its thread has ended"),
        String.valueOf(report));
  }

  @Test
  void theJdkMethodBelowTheParkIsNamed() {
    StackTraceElement[] stack = {
      frame("jdk.internal.misc.Unsafe", "park"),
      frame("java.util.concurrent.locks.LockSupport", "park"),
      frame("java.util.concurrent.ForkJoinPool", "awaitWork"),
      frame("java.util.concurrent.ForkJoinPool", "runWorker"),
    };
    assertEquals("awaitWork", BatonWatch.unscheduledJdkCode(stack).getMethodName());
  }

  @Test
  void aMonitorBlockedInJdkCodeNamesThatCode() {
    StackTraceElement[] stack = {
      frame("java.util.concurrent.ConcurrentHashMap", "merge"),
      frame("app.Worker", "run"),
    };
    assertEquals("merge", BatonWatch.unscheduledJdkCode(stack).getMethodName());
  }

  @Test
  void aHolderBlockedInTheProgramsOwnCodeNamesNoJdkCode() {
    StackTraceElement[] stack = {
      frame("java.lang.Object", "wait"),
      frame("app.Cache", "load"),
    };
    assertNull(BatonWatch.unscheduledJdkCode(stack));
  }

  @Test
  void aHolderWaitingOnTtdsOwnLockIsNotStuckButOneInJdkCodeCalledByTtdIs() {
    StackTraceElement[] opening = {
      frame("ttd.log.ChronicleSettings", "quietly"),
      frame("ttd.log.TraceReader", "<init>"),
      frame("ttd.agent.replay.ReplaySession", "beginThread"),
    };
    assertTrue(BatonWatch.waitsForTtd(opening));
    StackTraceElement[] chronicle = {
      frame("jdk.internal.misc.Unsafe", "park"),
      frame("java.util.concurrent.locks.LockSupport", "parkNanos"),
      frame("net.openhft.chronicle.queue.impl.table.SingleTableStore", "doWithLock"),
    };
    assertTrue(BatonWatch.waitsForTtd(chronicle));
    StackTraceElement[] jdk = {
      frame("java.lang.Object", "wait"),
      frame("java.util.concurrent.ConcurrentHashMap", "computeIfAbsent"),
      frame("ttd.agent.session.Threads", "onThreadRun"),
    };
    assertFalse(BatonWatch.waitsForTtd(jdk));
    assertFalse(BatonWatch.waitsForTtd(new StackTraceElement[] {frame("app.Cache", "load")}));
  }

  @Test
  void aHolderParkedThroughTtdsPassThroughInAJdkLockWaitsForTheJdkNotForTtd() {
    StackTraceElement[] stack = {
      frame("jdk.internal.misc.Unsafe", "park"),
      frame("ttd.agent.io.RealUnsafePark", "park"),
      frame("ttd.agent.session.Schedule", "onThreadPark"),
      frame("ttd.agent.session.Session", "onThreadPark"),
      frame("ttd.runtime.ScheduleHooks", "onThreadPark"),
      frame("java.util.concurrent.locks.LockSupport", "park"),
      frame("java.util.concurrent.locks.AbstractQueuedSynchronizer", "acquire"),
      frame("java.util.concurrent.locks.ReentrantLock", "lock"),
      frame("ttd.agent.session.Processes", "call"),
    };
    assertFalse(BatonWatch.waitsForTtd(stack));
    assertEquals("acquire", BatonWatch.unscheduledJdkCode(stack).getMethodName());
  }

  @Test
  void theProgramsStackLeavesOutTtdsFramesAndMethodHandles() {
    StackTraceElement park = frame("jdk.internal.misc.Unsafe", "park");
    StackTraceElement take = frame("java.util.concurrent.LinkedBlockingQueue", "take");
    StackTraceElement[] stack = {
      park,
      frame("java.lang.invoke.DirectMethodHandle$Holder", "invokeVirtual"),
      frame("ttd.agent.session.Schedule", "onThreadPark"),
      frame("ttd.runtime.ScheduleHooks", "onPark"),
      take,
    };
    assertArrayEquals(new StackTraceElement[] {park, take}, BatonWatch.programStack(stack));
  }
}
