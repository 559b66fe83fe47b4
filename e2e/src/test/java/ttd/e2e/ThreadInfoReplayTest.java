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

  /**
   * Threads that wait in ways a plain run settles deterministically (main holds a monitor and a
   * lock and waits until each thread's {@code getState()} shows it waiting; two daemons deadlock),
   * printed without identity hashes or ids: each lock is named by the program's object it is.
   * Stacks are printed where a plain run's frames are ttd's too (not those of a hooked JDK
   * method's own frames: {@code Object.wait()}'s, {@code Thread.join}'s).
   */
  private static final String WAITS = String.join("\n",
      "import java.lang.management.*;",
      "import java.util.*;",
      "import java.util.concurrent.locks.*;",
      "public class Waits {",
      "  static final Object monitor = new Object();",
      "  static final Object gate = new Object();",
      "  static final Object x = new Object();",
      "  static final Object y = new Object();",
      "  static final ReentrantLock lock = new ReentrantLock();",
      "  static volatile boolean aHolds, bHolds;",
      "  static final Map<String, Object> known = new LinkedHashMap<>();",
      "  public static void main(String[] args) throws Exception {",
      "    ThreadMXBean mx = ManagementFactory.getThreadMXBean();",
      "    Thread a = start(\"a\", () -> { synchronized (x) { aHolds = true; while (!bHolds) pause(); synchronized (y) { } } });",
      "    Thread b = start(\"b\", () -> { synchronized (y) { bHolds = true; while (!aHolds) pause(); synchronized (x) { } } });",
      "    List<Thread> own = new ArrayList<>();",
      "    synchronized (monitor) {",
      "      lock.lock();",
      "      Thread blocked = start(\"blocked\", () -> { synchronized (monitor) { } });",
      "      Thread waiting = start(\"waiting\", () -> { synchronized (gate) { try { gate.wait(); } catch (InterruptedException e) { } } });",
      "      Thread parked = start(\"parked\", () -> { lock.lock(); lock.unlock(); });",
      "      Thread joining = start(\"joining\", () -> { try { blocked.join(); } catch (InterruptedException e) { } });",
      "      own.addAll(List.of(blocked, waiting, parked, joining));",
      "      for (Thread t : own) settle(t, t == blocked ? Thread.State.BLOCKED : Thread.State.WAITING);",
      "      settle(a, Thread.State.BLOCKED);",
      "      settle(b, Thread.State.BLOCKED);",
      "      known.putAll(Map.of(\"monitor\", monitor, \"gate\", gate, \"x\", x, \"y\", y, \"blocked\", blocked,",
      "          \"the lock's sync\", LockSupport.getBlocker(parked)));",
      "      for (Thread t : List.of(blocked, waiting, parked, joining, a, b)) {",
      "        boolean frames = t != waiting && t != joining;",
      "        show(\"one\", mx.getThreadInfo(t.getId()), t, frames);",
      "        show(\"whole\", mx.getThreadInfo(t.getId(), Integer.MAX_VALUE), t, frames);",
      "        show(\"three\", mx.getThreadInfo(t.getId(), 3), t, frames);",
      "        show(\"locks\", mx.getThreadInfo(new long[] {t.getId()}, true, true)[0], t, frames);",
      "      }",
      "      System.out.println(\"deadlocked \" + names(mx.findDeadlockedThreads()) + \" on monitors \" + names(mx.findMonitorDeadlockedThreads()));",
      "      lock.unlock();",
      "    }",
      "    synchronized (gate) { gate.notifyAll(); }",
      "    for (Thread t : own) t.join();",
      "    System.out.println(\"done\");",
      "  }",
      "  static void pause() {",
      "    try { Thread.sleep(1); } catch (InterruptedException e) { }",
      "  }",
      "  static Thread start(String name, Runnable r) {",
      "    Thread t = new Thread(r, name);",
      "    t.setDaemon(name.length() == 1);",
      "    t.start();",
      "    return t;",
      "  }",
      "  static void settle(Thread t, Thread.State s) throws InterruptedException {",
      "    while (t.getState() != s) Thread.sleep(5);",
      "  }",
      "  static String names(long[] ids) {",
      "    if (ids == null) return \"none\";",
      "    List<String> names = new ArrayList<>();",
      "    for (long id : ids) names.add(ManagementFactory.getThreadMXBean().getThreadInfo(id).getThreadName());",
      "    Collections.sort(names);",
      "    return names.toString();",
      "  }",
      "  static String known(LockInfo l) {",
      "    if (l == null) return \"none\";",
      "    for (Map.Entry<String, Object> e : new TreeMap<>(known).entrySet())",
      "      if (System.identityHashCode(e.getValue()) == l.getIdentityHashCode() && e.getValue().getClass().getName().equals(l.getClassName()))",
      "        return e.getKey();",
      "    return \"another \" + l.getClassName();",
      "  }",
      "  static String thread(long id, String name) {",
      "    for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getId() == id) return t.getName().equals(name) ? name : \"not \" + name;",
      "    return id == -1 && name == null ? \"none\" : \"unknown\";",
      "  }",
      "  static void show(String how, ThreadInfo i, Thread t, boolean frames) {",
      "    StringBuilder b = new StringBuilder(how + \" \" + i.getThreadName() + \" \" + i.getThreadState() + \" (getState \" + t.getState() + \")\"",
      "        + \" lock \" + known(i.getLockInfo()) + \" named so \" + Objects.equals(Objects.toString(i.getLockInfo(), null), i.getLockName())",
      "        + \" owner \" + thread(i.getLockOwnerId(), i.getLockOwnerName()));",
      "    if (frames) {",
      "      b.append(\" depth \" + i.getStackTrace().length);",
      "      for (StackTraceElement e : i.getStackTrace())",
      "        b.append(\"\\n  at \").append(e.getClassName().replaceAll(\"Lambda.*\", \"Lambda\")).append('.').append(e.getMethodName());",
      "      for (MonitorInfo m : i.getLockedMonitors()) b.append(\"\\n  locked \").append(known(m)).append(\" at depth \").append(m.getLockedStackDepth());",
      "    }",
      "    for (LockInfo l : i.getLockedSynchronizers()) b.append(\"\\n  holds \").append(known(l));",
      "    System.out.println(b);",
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

  @TestFactory
  List<DynamicTest> aThreadWaitingInTheSchedulerShowsWhatAPlainRunShows() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("waiting threads' infos as in a plain run on " + jvm.label(), () -> {
        Path work = Scratch.dir("thread-info-waits-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Waits", WAITS);
        Outcome plain = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "Waits"), work);
        assertEquals(0, plain.exitStatus(), plain.describe());
        assertTrue(plain.stdout().contains("deadlocked [a, b] on monitors [a, b]"), plain.describe());
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Waits");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertEquals(plain.stdout(), recorded.stdout(), "the recording shows other thread infos than a plain run");
        ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay on " + jvm);
      }));
    }
    return tests;
  }
}
