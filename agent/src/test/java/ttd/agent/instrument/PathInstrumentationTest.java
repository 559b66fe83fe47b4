package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.agent.path.PathIds;
import ttd.fixture.Itinerary;
import ttd.runtime.AgentGuard;
import ttd.runtime.BatonClock;
import ttd.runtime.PathTrace;
import ttd.runtime.ScheduleHooks;

class PathInstrumentationTest {

  private static final String ITINERARY = "ttd/fixture/Itinerary";

  private final List<String> steps = new ArrayList<>();

  @AfterEach
  void uninstall() {
    ScheduleHooks.batonPassed(null);
  }

  @Test
  void aMethodLogsItsEntryLoopsJdkCallsCatchesAndReturns() throws Exception {
    Class<?> c = instrumented(true);
    Object itinerary = c.getConstructor().newInstance();
    holdBaton(new AgentGuard());
    assertEquals(6, c.getMethod("plan", int.class).invoke(itinerary, 2));
    assertEquals(
        List.of(
            "enter " + ITINERARY + ".plan(I)I",
            "enter " + ITINERARY + ".leg(I)I",
            "jdk " + ITINERARY + ".leg(I)I#0 java/lang/Integer.bitCount(I)I",
            "exit " + ITINERARY + ".leg(I)I",
            "loop",
            "enter " + ITINERARY + ".leg(I)I",
            "jdk " + ITINERARY + ".leg(I)I#0 java/lang/Integer.bitCount(I)I",
            "exit " + ITINERARY + ".leg(I)I",
            "loop",
            "enter " + ITINERARY + ".detour(I)V",
            "enter " + ITINERARY + ".detour(I)V",
            "enter " + ITINERARY + ".detour(I)V",
            "jdk " + ITINERARY + ".detour(I)V#0 java/lang/IllegalStateException.<init>(Ljava/lang/String;)V",
            "catch " + ITINERARY + ".plan(I)I",
            "jdk " + ITINERARY + ".plan(I)I#0 java/lang/Math.abs(I)I",
            "exit " + ITINERARY + ".plan(I)I"),
        steps);
  }

  @Test
  void nothingIsLoggedInAgentCodeOrOnAThreadWithoutTheBaton() throws Exception {
    Class<?> c = instrumented(true);
    Object itinerary = c.getConstructor().newInstance();
    AgentGuard guard = new AgentGuard();
    holdBaton(guard);
    guard.busy = true;
    c.getMethod("plan", int.class).invoke(itinerary, 2);
    guard.busy = false;
    Thread other = new Thread(() -> {
      try {
        c.getMethod("plan", int.class).invoke(itinerary, 2);
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    });
    other.start();
    other.join();
    assertEquals(List.of(), steps);
  }

  @Test
  void withoutThePathOptionNoPathHookIsCalled() throws Exception {
    byte[] changed = new ClassFileInstrumenter(null).instrument(ITINERARY, bytes(), true, true);
    List<String> hooks = new ArrayList<>();
    new ClassReader(changed).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int a, String name, String d, String s, String[] e) {
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitMethodInsn(int op, String owner, String n, String desc, boolean itf) {
            if (owner.equals("ttd/runtime/PathHooks")) {
              hooks.add(name + ": " + n);
            }
          }
        };
      }
    }, 0);
    assertEquals(List.of(), hooks);
    assertFalse(instrumented(false) == null);
  }

  /** The calling thread holds the baton, with {@link #steps} as its path and no tick ever due. */
  private void holdBaton(AgentGuard guard) {
    guard.path = new PathTrace() {
      @Override
      public void enter(int method) {
        steps.add("enter " + key(method));
      }

      @Override
      public void exit(int method) {
        steps.add("exit " + key(method));
      }

      @Override
      public void caught(int method) {
        steps.add("catch " + key(method));
      }

      @Override
      public void loop() {
        steps.add("loop");
      }

      @Override
      public void jdkCall(int site) {
        steps.add("jdk " + key(site));
      }

      @Override
      public void event() {
        steps.add("event");
      }
    };
    BatonClock clock = new BatonClock(0, Thread.currentThread(), guard) {
      @Override
      public boolean enterFast(Object monitor) {
        return true;
      }
    };
    clock.switchAt = Long.MAX_VALUE;
    ScheduleHooks.batonPassed(clock);
  }

  private static String key(int id) {
    return PathIds.keyOf(PathIds.definition(id));
  }

  private static Class<?> instrumented(boolean path) throws Exception {
    byte[] changed = new ClassFileInstrumenter(null, false, path).instrument(ITINERARY, bytes(), true, true);
    assertNotNull(changed);
    return new ClassLoader(PathInstrumentationTest.class.getClassLoader()) {
      Class<?> define() {
        return defineClass(Itinerary.class.getName(), changed, 0, changed.length);
      }
    }.define();
  }

  private static byte[] bytes() throws IOException {
    try (InputStream in = Itinerary.class.getResourceAsStream("Itinerary.class")) {
      return in.readAllBytes();
    }
  }
}
