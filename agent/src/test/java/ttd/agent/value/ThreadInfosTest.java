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

  @Test
  void aThreadTheModelKnowsShowsItsWaitAndAsManyOfItsOwnFramesAsTheCallerAsked() throws Exception {
    Object monitor = new Object();
    CountDownLatch release = new CountDownLatch(1);
    Thread waiter = new Thread(() -> {
      try {
        release.await();
      } catch (InterruptedException e) {
        // ends the thread
      }
    }, "waiter");
    waiter.start();
    while (waiter.getState() != Thread.State.WAITING) {
      Thread.sleep(1);
    }
    ThreadStacks.View dropConcurrency = stack -> java.util.Arrays.stream(stack)
        .filter(e -> !e.getClassName().startsWith("java.util.concurrent."))
        .toArray(StackTraceElement[]::new);
    ThreadStacks.seeThrough(dropConcurrency);
    ThreadInfos.seeThrough(new ThreadInfos.Model() {
      @Override
      public ThreadInfos.Wait waitOf(long id) {
        return id == waiter.getId() ? new ThreadInfos.Wait(waiter, Thread.State.BLOCKED, monitor, Thread.currentThread()) : null;
      }

      @Override
      public long[] deadlocked(boolean monitorsOnly) {
        return monitorsOnly ? new long[0] : new long[] {waiter.getId()};
      }
    });
    try {
      ThreadMXBean mx = ManagementFactory.getThreadMXBean();
      ThreadInfo seen = ThreadInfos.ONE.seen(mx.getThreadInfo(waiter.getId(), 2));
      assertEquals(Thread.State.BLOCKED, seen.getThreadState());
      assertEquals(new LockInfo(Object.class.getName(), System.identityHashCode(monitor)).toString(), seen.getLockName());
      assertEquals(seen.getLockName(), seen.getLockInfo().toString());
      assertEquals(Thread.currentThread().getId(), seen.getLockOwnerId());
      assertEquals(Thread.currentThread().getName(), seen.getLockOwnerName());
      StackTraceElement[] whole = dropConcurrency.seen(mx.getThreadInfo(waiter.getId(), Integer.MAX_VALUE).getStackTrace());
      assertArrayEquals(java.util.Arrays.copyOf(whole, 2), seen.getStackTrace(),
          "the two frames asked for, counted once the view dropped the JDK's latch frames");
      ThreadInfo self = mx.getThreadInfo(Thread.currentThread().getId());
      assertEquals(Thread.State.RUNNABLE, ThreadInfos.ONE.seen(self).getThreadState(), "a thread the model does not know");
      assertArrayEquals(new long[] {waiter.getId()}, ThreadInfos.DEADLOCKED.seen(null));
      assertArrayEquals(new long[] {7, waiter.getId()}, ThreadInfos.DEADLOCKED.seen(new long[] {7, waiter.getId()}),
          "the JVM's deadlocks and the model's, each once");
      assertNull(ThreadInfos.MONITOR_DEADLOCKED.seen(null));
    } finally {
      ThreadInfos.seeThrough(null);
      ThreadStacks.seeThrough(null);
      release.countDown();
      waiter.join();
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
