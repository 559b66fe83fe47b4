package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.fixture.Teller;
import ttd.runtime.BatonClock;
import ttd.runtime.HookDelegate;
import ttd.runtime.Hooks;
import ttd.runtime.ScheduleHooks;

class SchedulingInstrumentationTest {

  private final List<String> calls = new ArrayList<>();

  @AfterEach
  void uninstall() {
    ScheduleHooks.batonPassed(null);
    Hooks.install(null);
  }

  @Test
  void synchronizedMethodsOfApplicationClassesLoseTheFlagButStillHoldTheMonitor() throws Exception {
    Class<?> c = instrumented(true);
    for (String name : new String[] {"deposit", "overdraw", "holdsOwnMonitor", "open"}) {
      assertFalse(Modifier.isSynchronized(method(c, name).getModifiers()), name + " is still synchronized");
    }
    Object teller = c.getConstructor().newInstance();
    install(calls);
    assertEquals(true, method(c, "holdsOwnMonitor").invoke(teller));
    assertEquals(List.of("enter " + c.getName(), "tick"), calls);
  }

  @Test
  void theMonitorIsReleasedWhenASynchronizedMethodThrows() throws Exception {
    Class<?> c = instrumented(true);
    Object teller = c.getConstructor().newInstance();
    install(calls);
    InvocationTargetException e =
        assertThrows(InvocationTargetException.class, () -> method(c, "overdraw").invoke(teller, 5L));
    assertTrue(e.getCause() instanceof IllegalStateException, e.getCause().toString());
    assertEquals(List.of("enter " + c.getName(), "tick"), calls);
    assertFalse(Thread.holdsLock(teller), "the monitor is still held after the exception");
  }

  @Test
  void wideArgumentsAndLoopsTickAndKeepTheirValues() throws Exception {
    Class<?> c = instrumented(true);
    Object teller = c.getConstructor().newInstance();
    install(calls);
    assertEquals(30L, method(c, "deposit").invoke(teller, 10L, 1.0, 3));
    // one backward jump per iteration; deposit calls nothing, so its entry does not tick
    assertEquals(3, calls.stream().filter("tick"::equals).count(), calls.toString());
    assertEquals(1, method(c, "open").invoke(null));
    assertTrue(calls.contains("enter java.lang.Class"), calls.toString());
  }

  @Test
  void onlyTheEntriesOfMethodsThatCallSomethingTick() throws Exception {
    Class<?> c = instrumented(true);
    Object teller = c.getConstructor().newInstance();
    install(calls);
    method(c, "balance").invoke(teller);
    assertEquals(List.of(), calls, "a method that calls nothing ticked at its entry");
    method(c, "audit").invoke(teller);
    assertEquals(List.of("tick"), calls, "a method that calls another did not tick at its entry");
  }

  @Test
  void aLoopAtAMethodsFirstInstructionJumpsBackToItsFirstLineAndTicksThere() throws Exception {
    byte[] changed = new ClassFileInstrumenter(null).instrument("ttd/fixture/Teller", bytes(Teller.class), true, true);
    List<Integer> backwardTargets = new ArrayList<>();
    int[] firstLine = {-1};
    // through a writer, which resolves each label's offset as the code passes
    new ClassReader(changed).accept(new ClassVisitor(Opcodes.ASM9, new ClassWriter(0)) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
        MethodVisitor written = super.visitMethod(access, name, desc, sig, ex);
        if (!name.equals("drain")) {
          return written;
        }
        return new MethodVisitor(Opcodes.ASM9, written) {
          private final Set<Label> visited = new HashSet<>();

          @Override
          public void visitLabel(Label label) {
            super.visitLabel(label);
            visited.add(label);
          }

          @Override
          public void visitLineNumber(int line, Label start) {
            super.visitLineNumber(line, start);
            if (firstLine[0] < 0) {
              firstLine[0] = start.getOffset();
            }
          }

          @Override
          public void visitJumpInsn(int opcode, Label label) {
            super.visitJumpInsn(opcode, label);
            if (visited.contains(label)) {
              backwardTargets.add(label.getOffset());
            }
          }
        };
      }
    }, 0);
    assertEquals(List.of(0), backwardTargets, "the loop's jump back");
    assertEquals(0, firstLine[0], "where the first line begins");

    Class<?> c = instrumented(true);
    Object teller = c.getConstructor().newInstance();
    install(calls);
    assertEquals(0, method(c, "drain").invoke(teller, new ArrayList<>(List.of("a", "b", "c"))));
    // the entry and each of the three jumps back arrive at the head, which ticks
    assertEquals(4, calls.stream().filter("tick"::equals).count(), calls.toString());
  }

  @Test
  void aMethodThatBeginsWithNewKeepsItsFramesAndTicksOnce() throws Exception {
    Class<?> c = instrumented(true);
    Object teller = c.getConstructor().newInstance();
    install(calls);
    assertEquals("due", method(c, "receipt").invoke(teller, false).toString());
    assertEquals(List.of("tick"), calls);
  }

  @Test
  void synchronizedBlocksAndNotifyGoThroughTheScheduler() throws Exception {
    Class<?> c = instrumented(true);
    Object teller = c.getConstructor().newInstance();
    install(calls);
    method(c, "announce").invoke(teller);
    assertEquals(
        List.of("tick", "enter " + c.getName(), "notifyAll"), calls);
  }

  @Test
  void noHookCallSitsNextToAMonitorExit() throws Exception {
    // inside javac's catch-all range, such a call makes C1 refuse to compile the whole method
    byte[] changed =
        new ClassFileInstrumenter(null).instrument("ttd/fixture/Teller", bytes(Teller.class), true, true);
    List<String> found = new ArrayList<>();
    new org.objectweb.asm.ClassReader(changed).accept(new org.objectweb.asm.ClassVisitor(org.objectweb.asm.Opcodes.ASM9) {
      @Override
      public org.objectweb.asm.MethodVisitor visitMethod(int a, String name, String d, String s, String[] e) {
        return new org.objectweb.asm.MethodVisitor(org.objectweb.asm.Opcodes.ASM9) {
          private boolean hookJustCalled;

          @Override
          public void visitMethodInsn(int op, String owner, String n, String desc, boolean itf) {
            hookJustCalled = owner.equals("ttd/runtime/ScheduleHooks");
          }

          @Override
          public void visitInsn(int op) {
            if (op == org.objectweb.asm.Opcodes.MONITOREXIT && hookJustCalled) {
              found.add(name);
            }
            hookJustCalled = hookJustCalled && op == org.objectweb.asm.Opcodes.DUP;
          }

          @Override
          public void visitVarInsn(int op, int v) {
            hookJustCalled = false;
          }
        };
      }
    }, 0);
    assertEquals(List.of(), found, "methods with a hook call right before a monitorexit");
  }

  @Test
  void jdkOrRetransformedClassesKeepTheirSynchronizedMethods() throws Exception {
    Class<?> c = instrumented(false);
    assertTrue(Modifier.isSynchronized(method(c, "deposit").getModifiers()));
  }

  private static Method method(Class<?> c, String name) {
    for (Method m : c.getMethods()) {
      if (m.getName().equals(name)) {
        return m;
      }
    }
    throw new AssertionError("no method " + name);
  }

  private static Class<?> instrumented(boolean appClass) throws Exception {
    byte[] original = bytes(Teller.class);
    byte[] changed =
        new ClassFileInstrumenter(null).instrument("ttd/fixture/Teller", original, appClass, true);
    byte[] defined = changed == null ? original : changed;
    if (appClass) {
      assertNotNull(changed);
    }
    return new ClassLoader(SchedulingInstrumentationTest.class.getClassLoader()) {
      Class<?> define() {
        return defineClass(Teller.class.getName(), defined, 0, defined.length);
      }
    }.define();
  }

  private static byte[] bytes(Class<?> c) throws IOException {
    try (InputStream in = c.getResourceAsStream("Teller.class")) {
      return in.readAllBytes();
    }
  }

  /**
   * Installs {@link #recording} with the calling thread holding the baton, its every tick due and
   * every monitor left to the slow path, so that each tick and enter reaches the delegate.
   */
  private static void install(List<String> calls) {
    Hooks.install(recording(calls));
    ScheduleHooks.batonPassed(
        new BatonClock(0, Thread.currentThread(), null) {
          @Override
          public boolean enterFast(Object monitor) {
            return false;
          }
        });
  }

  /** A delegate that notes the scheduler's hooks and does the real notify. */
  private static HookDelegate recording(List<String> calls) {
    return (HookDelegate)
        Proxy.newProxyInstance(
            HookDelegate.class.getClassLoader(),
            new Class<?>[] {HookDelegate.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "onTick":
                  calls.add("tick");
                  return null;
                case "onMonitorEnter":
                  calls.add("enter " + args[0].getClass().getName());
                  return null;
                case "onObjectNotify":
                  calls.add((Boolean) args[1] ? "notifyAll" : "notify");
                  synchronized (args[0]) {
                    args[0].notifyAll();
                  }
                  return null;
                default:
                  return method.getReturnType() == void.class ? null : args[0];
              }
            });
  }
}
