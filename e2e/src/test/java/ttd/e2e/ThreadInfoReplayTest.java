package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A deadlock reporter that prints {@code ThreadMXBean}'s thread infos replays as recorded: what
 * {@code getThreadInfo} and {@code dumpAllThreads} returned is an input, as thread stacks are.
 *
 * <p>Before, the replay asked the JVM again: the blocked and waited counts and times, the lock a
 * thread waited on and the JDK's own threads' stacks came out otherwise, and the program's waiting
 * thread showed ttd's frames (stack depth 12 where a plain run shows 4); they are left out of what
 * is recorded, as they are of {@code Thread.getAllStackTraces()}.
 */
class ThreadInfoReplayTest {

  private static final String REPORTER = String.join("\n",
      "import java.lang.management.*;",
      "import java.util.*;",
      "import java.util.concurrent.locks.*;",
      "public class Reporter {",
      "  static final Object monitor = new Object();",
      "  static final Object gate = new Object();",
      "  static final ReentrantLock lock = new ReentrantLock();",
      "  public static void main(String[] a) throws Exception {",
      "    ThreadMXBean mx = ManagementFactory.getThreadMXBean();",
      "    mx.setThreadContentionMonitoringEnabled(true);",
      "    Thread ended = new Thread(() -> { }, \"ended\");",
      "    ended.start();",
      "    ended.join();",
      "    List<Thread> own = new ArrayList<>();",
      "    synchronized (monitor) {",
      "      lock.lock();",
      "      own.add(start(\"blocked\", () -> { synchronized (monitor) { } }));",
      "      own.add(start(\"waiting\", () -> { synchronized (gate) { try { gate.wait(); } catch (InterruptedException e) { } } }));",
      "      own.add(start(\"sleeping\", () -> { try { Thread.sleep(60_000); } catch (InterruptedException e) { } }));",
      "      own.add(start(\"parked\", () -> { lock.lock(); lock.unlock(); }));",
      "      settle(own.get(0), Thread.State.BLOCKED);",
      "      settle(own.get(1), Thread.State.WAITING);",
      "      settle(own.get(2), Thread.State.TIMED_WAITING);",
      "      settle(own.get(3), Thread.State.WAITING);",
      "      for (Thread t : own) {",
      "        print(\"one\", mx.getThreadInfo(t.getId()));",
      "        print(\"deep\", mx.getThreadInfo(t.getId(), 3));",
      "      }",
      "      long[] ids = new long[own.size() + 1];",
      "      for (int i = 0; i < own.size(); i++) ids[i] = own.get(i).getId();",
      "      ids[own.size()] = ended.getId();",
      "      for (ThreadInfo i : mx.getThreadInfo(ids)) print(\"ids\", i);",
      "      for (ThreadInfo i : mx.getThreadInfo(ids, 2)) print(\"ids2\", i);",
      "      for (ThreadInfo i : mx.getThreadInfo(ids, true, true)) print(\"locks\", i);",
      "      for (ThreadInfo i : sorted(mx.dumpAllThreads(false, false))) print(\"all\", i);",
      "      for (ThreadInfo i : sorted(mx.dumpAllThreads(true, true))) print(\"all-locks\", i);",
      "      System.out.println(\"deadlocked \" + Arrays.toString(mx.findDeadlockedThreads())",
      "          + \" \" + Arrays.toString(mx.findMonitorDeadlockedThreads()));",
      "      System.out.println(\"counts \" + mx.getThreadCount() + \" \" + mx.getDaemonThreadCount() + \" \"",
      "          + mx.getPeakThreadCount() + \" \" + mx.getTotalStartedThreadCount());",
      "      lock.unlock();",
      "    }",
      "    synchronized (gate) { gate.notifyAll(); }",
      "    own.get(2).interrupt();",
      "    for (Thread t : own) t.join();",
      "    System.out.println(\"done\");",
      "  }",
      "  static Thread start(String name, Runnable r) {",
      "    Thread t = new Thread(r, name);",
      "    t.start();",
      "    return t;",
      "  }",
      "  static void settle(Thread t, Thread.State s) throws InterruptedException {",
      "    while (t.getState() != s) Thread.sleep(5);",
      "  }",
      "  static List<ThreadInfo> sorted(ThreadInfo[] infos) {",
      "    List<ThreadInfo> l = new ArrayList<>(Arrays.asList(infos));",
      "    l.sort(Comparator.comparing(ThreadInfo::getThreadName).thenComparing(ThreadInfo::getThreadId));",
      "    return l;",
      "  }",
      "  static void print(String how, ThreadInfo i) {",
      "    if (i == null) { System.out.println(how + \" null\"); return; }",
      "    StackTraceElement[] s = i.getStackTrace();",
      "    System.out.println(how + \" \" + i.getThreadName() + \" #\" + i.getThreadId() + \" \" + i.getThreadState()",
      "        + \" blocked \" + i.getBlockedCount() + \"/\" + i.getBlockedTime() + \" waited \" + i.getWaitedCount() + \"/\" + i.getWaitedTime()",
      "        + \" lock \" + i.getLockName() + \" \" + i.getLockInfo() + \" owner \" + i.getLockOwnerId() + \" \" + i.getLockOwnerName()",
      "        + \" native \" + i.isInNative() + \" suspended \" + i.isSuspended() + \" daemon \" + i.isDaemon()",
      "        + \" priority \" + i.getPriority() + \" depth \" + s.length);",
      "    for (StackTraceElement e : s) System.out.println(\"  at \" + e);",
      "    for (MonitorInfo m : i.getLockedMonitors())",
      "      System.out.println(\"  monitor \" + m + \" \" + m.getClassName() + \" depth \" + m.getLockedStackDepth() + \" \" + m.getLockedStackFrame());",
      "    for (LockInfo l : i.getLockedSynchronizers()) System.out.println(\"  synchronizer \" + l + \" \" + l.getClassName());",
      "    System.out.print(i);",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> threadInfosReplayAsRecorded() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a reporter's thread infos replay on " + jvm.label(), () -> {
        Path work = Scratch.dir("thread-infos-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Reporter", REPORTER);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Reporter");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertFalse(recorded.stderr().contains("ttd:"), "ttd stopped recording:" + recorded.describe());
        assertTrue(recorded.stdout().contains("ids null") && recorded.stdout().contains("all-locks main ")
            && recorded.stdout().contains("done"), recorded.describe());
        assertFalse(recorded.stdout().contains("ttd."), "ttd's frames or locks in a thread info:" + recorded.describe());
        for (int i = 1; i <= 3; i++) {
          ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay " + i + " on " + jvm);
        }
      }));
    }
    return tests;
  }
}
