package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import ttd.fixture.ClockUser;
import ttd.runtime.HookDelegate;
import ttd.runtime.Hooks;

class ClassFileInstrumenterTest {

  private final List<String> calls = new ArrayList<>();

  @AfterEach
  void uninstall() {
    Hooks.install(null);
  }

  @Test
  void rewrittenCallSitesHandTheRealValueToTheHookAndReturnItsAnswer() throws Exception {
    Class<?> c = instrumented(ClockUser.class);
    Object user = c.getConstructor().newInstance();
    Hooks.install(new Answering(calls));
    assertEquals(1234L, c.getMethod("now").invoke(user));
    assertEquals(5678L, c.getMethod("wallClock").invoke(user));
    assertEquals(64, c.getMethod("processors").invoke(user));
    c.getMethod("nap").invoke(user);
    c.getMethod("pause").invoke(user);
    assertEquals(5, calls.size(), calls.toString());
    assertTrue(calls.get(0).startsWith("nanoTime at ttd.fixture.ClockUser.now(ClockUser.java:"));
    assertEquals("sleep 5000", calls.get(3));
    assertEquals("wait 5000", calls.get(4));
  }

  @Test
  void threadSubclassesAnnounceTheirFirstInstruction() throws Exception {
    Class<?> worker = instrumented(ClockUser.Worker.class);
    Hooks.install(new Answering(calls));
    Thread t = (Thread) worker.getConstructor().newInstance();
    t.start();
    t.join();
    assertEquals(List.of("run"), calls);
  }

  @Test
  void leavesTtdsOwnClassesAloneButNotTheSamples() {
    assertTrue(ClassFileInstrumenter.ignored("ttd/agent/AgentMain"));
    assertTrue(ClassFileInstrumenter.ignored("ttd/runtime/Hooks"));
    assertTrue(!ClassFileInstrumenter.ignored("ttd/samples/time/ExpiringCache"));
    assertTrue(!ClassFileInstrumenter.ignored("java/util/Random"));
  }

  @Test
  void returnsNullForAClassWithNothingToRewrite() throws IOException {
    assertNull(new ClassFileInstrumenter(null).instrument("ttd/x/Plain", bytes(Plain.class)));
    assertNotNull(
        new ClassFileInstrumenter(null).instrument(internal(ClockUser.class), bytes(ClockUser.class)));
  }

  /** Nothing here for the agent. */
  static final class Plain {
    int twice(int x) {
      return 2 * x;
    }
  }

  private static Class<?> instrumented(Class<?> original) throws Exception {
    byte[] changed =
        new ClassFileInstrumenter(null).instrument(internal(original), bytes(original));
    assertNotNull(changed);
    return new ClassLoader(ClassFileInstrumenterTest.class.getClassLoader()) {
      Class<?> define() {
        return defineClass(original.getName(), changed, 0, changed.length);
      }
    }.define();
  }

  private static String internal(Class<?> c) {
    return c.getName().replace('.', '/');
  }

  private static byte[] bytes(Class<?> c) throws IOException {
    String name = c.getName();
    try (InputStream in =
        c.getResourceAsStream(name.substring(name.lastIndexOf('.') + 1) + ".class")) {
      return in.readAllBytes();
    }
  }

  /** Answers fixed values, notes each call, and never really sleeps. */
  private static final class Answering implements HookDelegate {
    private final List<String> calls;

    Answering(List<String> calls) {
      this.calls = calls;
    }

    @Override
    public long onSystemNanoTime(long original, int site) {
      calls.add("nanoTime at " + CallSites.name(site));
      return 1234L;
    }

    @Override
    public long onSystemCurrentTimeMillis(long original, int site) {
      calls.add("millis");
      return 5678L;
    }

    @Override
    public int onRuntimeAvailableProcessors(int original, int site) {
      calls.add("processors");
      return 64;
    }

    @Override
    public void onThreadSleep(long millis, int nanos) {
      calls.add("sleep " + millis);
    }

    @Override
    public void onObjectWait(Object monitor, long millis, int nanos) {
      calls.add("wait " + millis);
    }

    @Override
    public void onThreadRun(Thread thread) {
      calls.add("run");
    }

    @Override
    public long onVmNanoTimeAdjustment(long original, int site) {
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
    public void onFileOutputWrite(FileDescriptor fd, byte[] bytes, int offset, int length) {}

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
