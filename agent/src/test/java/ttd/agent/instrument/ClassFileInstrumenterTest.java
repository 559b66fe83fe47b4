package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
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
    Hooks.install(answering(calls));
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
  void clockReadsThroughMethodReferencesHandTheRealValueToTheHookWithTheirSite() throws Exception {
    Class<?> c = instrumented(ClockUser.class);
    Object user = c.getConstructor().newInstance();
    Hooks.install(answering(calls));
    assertEquals(1234L, c.getMethod("nowThroughReference").invoke(user));
    assertEquals(5678L, c.getMethod("wallClockThroughReference").invoke(user));
    assertEquals(2, calls.size(), calls.toString());
    assertTrue(calls.get(0).startsWith("nanoTime at ttd.fixture.ClockUser.nowThroughReference(ClockUser.java:"),
        calls.get(0));
  }

  @Test
  void threadSubclassesAnnounceTheirFirstInstruction() throws Exception {
    Class<?> worker = instrumented(ClockUser.Worker.class);
    Hooks.install(answering(calls));
    Thread t = (Thread) worker.getConstructor().newInstance();
    t.start();
    t.join();
    assertEquals(List.of("run"), calls);
  }

  @Test
  void leavesTtdsOwnClassesAloneButNotTheSamples() {
    ClassFileInstrumenter instrumenter = new ClassFileInstrumenter(null);
    assertTrue(instrumenter.ignored("ttd/agent/AgentMain"));
    assertTrue(instrumenter.ignored("ttd/runtime/Hooks"));
    assertTrue(!instrumenter.ignored("ttd/samples/time/ExpiringCache"));
    assertTrue(!instrumenter.ignored("java/util/Random"));
  }

  @Test
  void instrumentsATypeItNamesEvenUnderAnIgnoredPrefix() {
    ClassFileInstrumenter instrumenter = new ClassFileInstrumenter(null);
    assertTrue(instrumenter.ignored("jdk/internal/vm/Continuation"));
    assertTrue(!instrumenter.ignored("jdk/internal/vm/ContinuationSupport"));
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

  /**
   * A delegate that answers fixed values for the rewritten sources, notes each call, never really
   * sleeps, and passes every other hook's original value through.
   */
  private static HookDelegate answering(List<String> calls) {
    return (HookDelegate)
        Proxy.newProxyInstance(
            HookDelegate.class.getClassLoader(),
            new Class<?>[] {HookDelegate.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "onSystemNanoTime":
                  calls.add("nanoTime at " + CallSites.name((Integer) args[1]));
                  return 1234L;
                case "onSystemCurrentTimeMillis":
                  calls.add("millis");
                  return 5678L;
                case "onRuntimeAvailableProcessors":
                  calls.add("processors");
                  return 64;
                case "onThreadSleep":
                  calls.add("sleep " + args[0]);
                  return null;
                case "onObjectWait":
                  calls.add("wait " + args[1]);
                  return null;
                case "onThreadRun":
                  calls.add("run");
                  return null;
                default:
                  return method.getReturnType() == void.class ? null : args[0];
              }
            });
  }
}
