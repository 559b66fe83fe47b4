package ttd.agent.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

class ThreadInfosTest {

  @Test
  void aDumpWithLocksAndAnEndedThreadComesBackWithEveryFieldEqual() throws Exception {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Object monitor = new Object();
    ReentrantLock lock = new ReentrantLock();
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread holder = new Thread(() -> {
      synchronized (monitor) {
        lock.lock();
        try {
          holding.countDown();
          release.await();
        } catch (InterruptedException e) {
          // ends the thread
        } finally {
          lock.unlock();
        }
      }
    }, "holder");
    holder.start();
    holding.await();
    Thread ended = new Thread(() -> { }, "ended");
    ended.start();
    ended.join();
    try {
      ThreadInfo[] real = mx.getThreadInfo(new long[] {holder.getId(), ended.getId()}, true, true);
      ThreadInfo[] all = mx.dumpAllThreads(true, true);
      ThreadInfo[] back = ThreadInfos.ALL.decode(ThreadInfos.ALL.encode(real));
      assertEquals(2, back.length);
      assertNull(back[1]);
      assertEquals(1, back[0].getLockedMonitors().length, real[0].toString());
      assertEquals(1, back[0].getLockedSynchronizers().length, real[0].toString());
      assertSameInfo(real[0], back[0]);
      ThreadInfo[] allBack = ThreadInfos.ALL.decode(ThreadInfos.ALL.encode(all));
      for (int i = 0; i < all.length; i++) {
        assertSameInfo(all[i], allBack[i]);
      }
      ThreadInfo one = mx.getThreadInfo(holder.getId(), 3);
      assertSameInfo(one, ThreadInfos.ONE.decode(ThreadInfos.ONE.encode(one)));
    } finally {
      release.countDown();
      holder.join();
    }
  }

  @Test
  void framesTheViewDropsLeaveTheStackAndTheMonitorsDepthsCountWhatIsLeft() throws Exception {
    Object monitor = new Object();
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread holder = new Thread(() -> {
      synchronized (monitor) {
        holding.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          // ends the thread
        }
      }
    }, "holder");
    holder.start();
    holding.await();
    ThreadStacks.seeThrough(stack -> java.util.Arrays.stream(stack)
        .filter(e -> !e.getClassName().startsWith("java.util.concurrent."))
        .toArray(StackTraceElement[]::new));
    try {
      ThreadInfo real = ManagementFactory.getThreadMXBean().getThreadInfo(new long[] {holder.getId()}, true, false)[0];
      MonitorInfo held = real.getLockedMonitors()[0];
      int depth = real.getStackTrace().length;
      ThreadInfo seen = ThreadInfos.ONE.seen(real);
      StackTraceElement[] stack = seen.getStackTrace();
      assertTrue(stack.length < depth, real.toString());
      MonitorInfo m = seen.getLockedMonitors()[0];
      assertEquals(held.getLockedStackFrame(), m.getLockedStackFrame());
      assertEquals(m.getLockedStackFrame(), stack[m.getLockedStackDepth()]);
      assertEquals(held.getLockedStackDepth() - (depth - stack.length), m.getLockedStackDepth());
      assertSameInfo(seen, ThreadInfos.ONE.decode(ThreadInfos.ONE.encode(seen)));
    } finally {
      ThreadStacks.seeThrough(null);
      release.countDown();
      holder.join();
    }
  }

  private static void assertSameInfo(ThreadInfo real, ThreadInfo back) {
    assertEquals(real.toString(), back.toString());
    assertEquals(real.getThreadId(), back.getThreadId());
    assertEquals(real.getThreadName(), back.getThreadName());
    assertEquals(real.getThreadState(), back.getThreadState());
    assertEquals(real.getBlockedCount(), back.getBlockedCount());
    assertEquals(real.getBlockedTime(), back.getBlockedTime());
    assertEquals(real.getWaitedCount(), back.getWaitedCount());
    assertEquals(real.getWaitedTime(), back.getWaitedTime());
    assertEquals(String.valueOf(real.getLockInfo()), String.valueOf(back.getLockInfo()));
    assertEquals(real.getLockName(), back.getLockName());
    assertEquals(real.getLockOwnerId(), back.getLockOwnerId());
    assertEquals(real.getLockOwnerName(), back.getLockOwnerName());
    assertEquals(real.isInNative(), back.isInNative());
    assertEquals(real.isSuspended(), back.isSuspended());
    assertEquals(real.isDaemon(), back.isDaemon());
    assertEquals(real.getPriority(), back.getPriority());
    assertArrayEquals(real.getStackTrace(), back.getStackTrace());
    MonitorInfo[] monitors = back.getLockedMonitors();
    assertEquals(real.getLockedMonitors().length, monitors.length);
    for (int i = 0; i < monitors.length; i++) {
      MonitorInfo m = real.getLockedMonitors()[i];
      assertEquals(m.toString(), monitors[i].toString());
      assertEquals(m.getLockedStackDepth(), monitors[i].getLockedStackDepth());
      assertEquals(m.getLockedStackFrame(), monitors[i].getLockedStackFrame());
    }
    LockInfo[] synchronizers = back.getLockedSynchronizers();
    assertEquals(real.getLockedSynchronizers().length, synchronizers.length);
    for (int i = 0; i < synchronizers.length; i++) {
      assertEquals(real.getLockedSynchronizers()[i].toString(), synchronizers[i].toString());
    }
  }
}
