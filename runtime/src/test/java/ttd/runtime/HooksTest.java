package ttd.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HooksTest {

  @AfterEach
  void uninstall() {
    Hooks.install(null);
  }

  @Test
  void passesOriginalValuesThroughUntilADelegateIsInstalled() throws Exception {
    assertEquals(42L, Hooks.onSystemNanoTime(42L, 7));
    assertEquals(4, Hooks.onRuntimeAvailableProcessors(4, 1));
    assertEquals("x", Hooks.onSystemGetenv("x", "HOME"));
    byte[] bytes = {1, 2};
    RandomHooks.installReal((op, spi, b, count, params) -> {
      b[0] = (byte) op;
      return null;
    });
    RandomHooks.onSecureRandomNextBytes(null, bytes);
    assertEquals(RealSecureRandom.NEXT_BYTES, bytes[0], "the real engine method ran");
    long before = System.nanoTime();
    ScheduleHooks.onThreadSleep(20);
    assertTrue(System.nanoTime() - before >= 20_000_000L, "a passthrough sleep really sleeps");
  }

  @Test
  void uninstallingPutsBackAPassThroughDelegateThatMakesTheRealCalls() {
    Hooks.install(recording(new StringBuilder()));
    assertTrue(Hooks.installed());
    Hooks.install(null);
    assertSame(PassThrough.INSTANCE, Hooks.delegate(), "the façades never see a null delegate");
    assertFalse(Hooks.installed());
    Thread t = new Thread(() -> {});
    assertEquals(Thread.State.NEW, ScheduleHooks.onThreadGetState(t));
    assertThrows(IllegalMonitorStateException.class, () -> ScheduleHooks.onObjectNotify(new Object()),
        "the real notify ran, without the monitor");
  }

  @Test
  void forwardsEveryCallToTheInstalledDelegateFromEachGroupOfHooks() throws Exception {
    StringBuilder calls = new StringBuilder();
    Hooks.install(recording(calls));
    assertEquals(43L, Hooks.onSystemNanoTime(42L, 7));
    FileHooks.onFileOutputWrite(new FileOutputStream(FileDescriptor.out), 'A', false);
    Hooks.onThreadRun(Thread.currentThread());
    Hooks.onThreadRun(new Thread());
    RandomHooks.onSecureRandomSetSeed(null, new byte[3]);
    assertEquals("nanoTime@7 write(1) run setSeed(3) ", calls.toString());
  }

  /** Answers original + 1 for nanoTime, notes the calls it cares about, passes the rest. */
  private static HookDelegate recording(StringBuilder calls) {
    return (HookDelegate)
        Proxy.newProxyInstance(
            HookDelegate.class.getClassLoader(),
            new Class<?>[] {HookDelegate.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "onSystemNanoTime":
                  calls.append("nanoTime@").append(args[1]).append(' ');
                  return (Long) args[0] + 1;
                case "onFileOutput":
                  calls.append("write(").append(args[6]).append(") ");
                  return null;
                case "onThreadRun":
                  calls.append("run ");
                  return null;
                case "onSecureRandom":
                  assertEquals(RealSecureRandom.SET_SEED, args[1]);
                  calls.append("setSeed(").append(((byte[]) args[3]).length).append(") ");
                  return null;
                default:
                  return method.getReturnType() == void.class ? null : args[0];
              }
            });
  }
}
