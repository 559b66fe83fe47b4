package ttd.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileDescriptor;
import java.util.Map;
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
    assertSame(bytes, Hooks.onSecureRandomBytes(bytes));
    long before = System.nanoTime();
    Hooks.onThreadSleep(20);
    assertTrue(System.nanoTime() - before >= 20_000_000L, "a passthrough sleep really sleeps");
  }

  @Test
  void forwardsEveryCallToTheInstalledDelegate() {
    StringBuilder calls = new StringBuilder();
    Hooks.install(new RecordingDelegate(calls));
    assertEquals(43L, Hooks.onSystemNanoTime(42L, 7));
    Hooks.onFileOutputWrite(FileDescriptor.out, 'A');
    Hooks.onThreadRun(Thread.currentThread());
    Hooks.onThreadRun(new Thread());
    assertEquals("nanoTime@7 write(1) run ", calls.toString());
  }

  /** Answers original + 1 and notes each call. */
  private static final class RecordingDelegate implements HookDelegate {
    private final StringBuilder calls;

    RecordingDelegate(StringBuilder calls) {
      this.calls = calls;
    }

    @Override
    public long onSystemNanoTime(long original, int site) {
      calls.append("nanoTime@").append(site).append(' ');
      return original + 1;
    }

    @Override
    public void onFileOutputWrite(FileDescriptor fd, byte[] bytes, int offset, int length) {
      calls.append("write(").append(length).append(") ");
    }

    @Override
    public void onThreadRun(Thread thread) {
      calls.append("run ");
    }

    @Override
    public long onSystemCurrentTimeMillis(long original, int site) {
      return original;
    }

    @Override
    public long onVmNanoTimeAdjustment(long original, int site) {
      return original;
    }

    @Override
    public int onRuntimeAvailableProcessors(int original, int site) {
      return original;
    }

    @Override
    public long onRuntimeMemory(long original, int site) {
      return original;
    }

    @Override
    public String onInetAddressHostName(String original, int site) {
      return original;
    }

    @Override
    public void onThreadSleep(long millis, int nanos) {}

    @Override
    public void onObjectWait(Object monitor, long millis, int nanos) {}

    @Override
    public byte[] onSecureRandomBytes(byte[] produced) {
      return produced;
    }

    @Override
    public String onSystemGetenv(String original, String name) {
      return original;
    }

    @Override
    public Map<String, String> onSystemGetenvAll(Map<String, String> original) {
      return original;
    }

    @Override
    public void onThreadStart(Thread thread) {}

    @Override
    public void onThreadExit(Thread thread) {}

    @Override
    public void onThreadUncaughtException(Thread thread, Throwable error) {}

    @Override
    public void onRuntimeExit(int status) {}

    @Override
    public void onRuntimeHalt(int status) {}

    @Override
    public void onMainArgs(String[] args) {}

    @Override
    public void onUncapturedInput(int source, Object detail) {}
  }
}
