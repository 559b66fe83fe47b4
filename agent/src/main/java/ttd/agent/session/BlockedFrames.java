package ttd.agent.session;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import ttd.runtime.ScheduleHooks;

/**
 * The frames a plain run's thread dump shows inside {@code Object.wait} and {@code Thread.join},
 * each overload, where a thread the scheduler holds waits in ttd's code instead (its own gate, or
 * a timed wait for {@code wait()}): without them, a dump of a joining thread showed none of the
 * JDK's frames and one in {@code wait()} lacked {@code wait()}'s own.
 *
 * <p>They differ between releases (a native {@code wait} on 17, {@code wait0} below its Java
 * callers on 25, and the lines move), so they are learned from the JDK itself, once, as the
 * session is made (record and replay alike, before its hooks are live): a call made with the
 * thread's interrupt status set throws at once from where it would block, and its stack trace
 * holds them. The same call through the hook that replaces it names the hook's frame a blocked
 * thread shows; the hook's overloads share a name, and that frame's line tells them apart.
 */
final class BlockedFrames {

  private static final int METHODS = 6;
  /** {@code class.method:line} of a hook's frame -> what a plain run shows inside the JDK method. */
  private static final Map<String, StackTraceElement[]> INSIDE = new HashMap<>();

  private BlockedFrames() {}

  /** What a plain run shows inside the JDK method the {@code hook} frame stands for while blocked there, or null. */
  static synchronized StackTraceElement[] inside(StackTraceElement hook) {
    return INSIDE.get(key(hook));
  }

  /** Learns the frames on the calling thread; its interrupt status is as before after. */
  static synchronized void learn() {
    Thread self = Thread.currentThread();
    boolean interrupted = self.isInterrupted();
    Object probe = new Object();
    try {
      for (int k = 0; k < METHODS; k++) {
        StackTraceElement[] hooked = thrown(k, true, probe, self);
        StackTraceElement[] plain = thrown(k, false, probe, self);
        int hook = hooked.length - 1;
        while (hook >= 0 && !hooked[hook].getClassName().equals(ScheduleHooks.class.getName())) {
          hook--;
        }
        if (hook >= 0 && plain.length > 0) {
          INSIDE.put(key(hooked[hook]), ProgramStacks.seen(plain, ProgramStacks.TABLE, false));
        }
      }
    } finally {
      Thread.interrupted();
      if (interrupted) {
        Waits.INTERRUPTED.setVolatile(self, true);
      }
    }
  }

  private static String key(StackTraceElement frame) {
    return frame.getClassName() + '.' + frame.getMethodName() + ':' + frame.getLineNumber();
  }

  /** The frames above this class's of the k-th call made with the interrupt status set, or none if it returned. */
  private static StackTraceElement[] thrown(int k, boolean throughHook, Object probe, Thread self) {
    Waits.INTERRUPTED.setVolatile(self, true);
    try {
      call(k, throughHook, probe, self);
    } catch (InterruptedException e) {
      StackTraceElement[] st = e.getStackTrace();
      int caller = 0;
      while (caller < st.length && !st[caller].getClassName().equals(BlockedFrames.class.getName())) {
        caller++;
      }
      return Arrays.copyOf(st, caller);
    }
    Thread.interrupted();
    return new StackTraceElement[0];
  }

  /** {@code wait()}, {@code wait(long)}, {@code wait(long, int)}, then {@code join}'s same three: a timeout positive, as usual callers give. */
  private static void call(int k, boolean throughHook, Object probe, Thread self) throws InterruptedException {
    if (k >= 3) {
      join(k - 3, throughHook, self);
      return;
    }
    synchronized (probe) {
      if (k == 0) {
        if (throughHook) {
          ScheduleHooks.onObjectWait(probe);
        } else {
          probe.wait();
        }
      } else if (k == 1) {
        if (throughHook) {
          ScheduleHooks.onObjectWait(probe, 1L);
        } else {
          probe.wait(1L);
        }
      } else if (throughHook) {
        ScheduleHooks.onObjectWait(probe, 1L, 1);
      } else {
        probe.wait(1L, 1);
      }
    }
  }

  private static void join(int k, boolean throughHook, Thread self) throws InterruptedException {
    if (k == 0) {
      if (throughHook) {
        ScheduleHooks.onThreadJoin(self);
      } else {
        self.join();
      }
    } else if (k == 1) {
      if (throughHook) {
        ScheduleHooks.onThreadJoin(self, 1L);
      } else {
        self.join(1L);
      }
    } else if (throughHook) {
      ScheduleHooks.onThreadJoin(self, 1L, 1);
    } else {
      self.join(1L, 1);
    }
  }
}
