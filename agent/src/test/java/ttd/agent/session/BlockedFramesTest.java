package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import ttd.runtime.ScheduleHooks;

/**
 * A thread blocked where a hook stands in for {@code Thread.join} shows, in a dump, the frames a
 * thread blocked in the JDK's own {@code join} shows: the hook's pass-through joins through
 * another overload, as the session's model joins through none, and the frames learned from the
 * JDK take their place.
 */
class BlockedFramesTest {

  @Test
  void aThreadJoiningThroughItsHookShowsTheFramesOfAPlainJoinOfTheSameOverload() throws Exception {
    BlockedFrames.learn();
    CountDownLatch never = new CountDownLatch(1);
    Thread target = new Thread(() -> awaitQuietly(never), "target");
    target.start();
    List<Thread> joiners = List.of(
        new Thread(() -> joinQuietly(target, false, false), "plain join()"),
        new Thread(() -> joinQuietly(target, true, false), "hooked join()"),
        new Thread(() -> joinQuietly(target, false, true), "plain join(long)"),
        new Thread(() -> joinQuietly(target, true, true), "hooked join(long)"));
    try {
      for (Thread t : joiners) {
        t.start();
      }
      for (Thread t : joiners) {
        while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
          Thread.sleep(5);
        }
      }
      for (int k = 0; k < joiners.size(); k += 2) {
        List<String> plain = aboveThisClass(joiners.get(k).getStackTrace());
        List<String> hooked = aboveThisClass(
            ProgramStacks.seen(bootLoaded(joiners.get(k + 1).getStackTrace()), ProgramStacks.TABLE, true));
        assertTrue(plain.size() >= 2, "a plain join shows the JDK's frames: " + plain);
        assertEquals(plain, hooked, joiners.get(k + 1).getName());
      }
    } finally {
      never.countDown();
      for (Thread t : joiners) {
        t.join();
      }
    }
  }

  private static void joinQuietly(Thread target, boolean throughHook, boolean timed) {
    try {
      if (throughHook && timed) {
        ScheduleHooks.onThreadJoin(target, 600_000L);
      } else if (throughHook) {
        ScheduleHooks.onThreadJoin(target);
      } else if (timed) {
        target.join(600_000L);
      } else {
        target.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** {@code stack} as the agent sees it: there the hooks' classes are the boot loader's (here the test's). */
  private static StackTraceElement[] bootLoaded(StackTraceElement[] stack) {
    StackTraceElement[] out = stack.clone();
    for (int k = 0; k < out.length; k++) {
      StackTraceElement e = out[k];
      if (e.getClassName().startsWith("ttd.runtime.")) {
        out[k] = new StackTraceElement(null, null, null, e.getClassName(), e.getMethodName(), e.getFileName(),
            e.getLineNumber());
      }
    }
    return out;
  }

  /** The frames of {@code stack} above its first of this test's, as they print. */
  private static List<String> aboveThisClass(StackTraceElement[] stack) {
    List<String> out = new ArrayList<>();
    for (StackTraceElement e : stack) {
      if (e.getClassName().startsWith(BlockedFramesTest.class.getName())) {
        break;
      }
      out.add(e.toString());
    }
    return out;
  }
}
