package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The methods {@link ReflectiveCalls} takes from the capture table, and the adapters and accessor
 * it makes for them: each adapter method's call is rewritten into the same hook a program's call
 * site gets.
 */
class ReflectiveCallsTest {

  private static final Map<String, List<Capture>> ROWS = ReflectiveCalls.byName(Runtime.version());

  @Test
  void theCapturedMethodsAProgramCanCallAreTakenFromTheTable() {
    assertTrue(has("java/lang/System", "nanoTime", "()J"));
    assertTrue(has("java/lang/System", "currentTimeMillis", "()J"));
    assertTrue(has("java/lang/Runtime", "availableProcessors", "()I"));
    assertTrue(has("java/lang/Object", "wait", "(J)V"));
    assertTrue(has("java/lang/Object", "notifyAll", "()V"));
    assertTrue(has("java/lang/Thread", "sleep", "(J)V"));
    assertTrue(has("java/lang/management/ThreadMXBean", "getThreadInfo", "(J)Ljava/lang/management/ThreadInfo;"));
  }

  @Test
  void methodsInPackagesNoModuleExportsAndBodyRowsAreLeftOut() {
    assertFalse(has("jdk/internal/misc/VM", "getNanoTimeAdjustment", "(J)J"));
    assertFalse(has("jdk/internal/misc/Unsafe", "park", "(ZJ)V"));
    assertFalse(has("sun/management/VMManagementImpl", "getUptime0", "()J"));
    assertFalse(has("java/lang/System", "getenv", "(Ljava/lang/String;)Ljava/lang/String;"));
    assertFalse(ReflectiveCalls.mayBeCaptured("hashCode"));
    assertTrue(ReflectiveCalls.mayBeCaptured("nanoTime"));
  }

  @Test
  void anAdapterCallsTheHookOfAProgramsCallSite() {
    byte[] system = ReflectiveCalls.adapterBytes("java/lang/System", false, rowsOf("java/lang/System"), new ClassEffects());
    assertEquals(List.of("java/lang/System.nanoTime()J", "ttd/runtime/Hooks.onSystemNanoTime(JI)J"),
        callsIn(system, "nanoTime", "()J"));
    byte[] object = ReflectiveCalls.adapterBytes("java/lang/Object", false, rowsOf("java/lang/Object"), new ClassEffects());
    assertEquals(List.of("ttd/runtime/ScheduleHooks.onObjectWait(Ljava/lang/Object;J)V"),
        callsIn(object, "wait", "(Ljava/lang/Object;J)V"));
    // an application's call: the JDK's own notifications are not the scheduler's
    assertEquals(List.of("ttd/runtime/ScheduleHooks.onObjectNotifyAll(Ljava/lang/Object;)V"),
        callsIn(object, "notifyAll", "(Ljava/lang/Object;)V"));
    byte[] runtime =
        ReflectiveCalls.adapterBytes("java/lang/Runtime", false, rowsOf("java/lang/Runtime"), new ClassEffects());
    assertEquals(List.of("java/lang/Runtime.availableProcessors()I",
        "ttd/runtime/Hooks.onRuntimeAvailableProcessors(II)I"), callsIn(runtime, "availableProcessors",
        "(Ljava/lang/Runtime;)I"));
  }

  @Test
  void anAdapterNamesItsSitesAfterTheJdkMethodAndTheReflectiveCall() {
    ClassEffects effects = new ClassEffects();
    ReflectiveCalls.adapterBytes("java/lang/System", false, rowsOf("java/lang/System"), effects);
    List<String> names = new ArrayList<>();
    for (ClassEffects.Site s : effects.sites) {
      names.add(s.name());
    }
    assertTrue(names.contains("ttd.runtime.Captured$java_lang_System.nanoTime(" + ReflectiveCalls.SOURCE + ")"),
        names.toString());
  }

  @Test
  void anInterfacesMethodsAreCalledThroughTheInterface() {
    String mx = "java/lang/management/ThreadMXBean";
    byte[] adapter = ReflectiveCalls.adapterBytes(mx, true, rowsOf(mx), new ClassEffects());
    int[] interfaceCalls = {0};
    new ClassReader(adapter).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
            if (owner.equals(mx)) {
              assertEquals(Opcodes.INVOKEINTERFACE, op, callee + d);
              interfaceCalls[0]++;
            }
          }
        };
      }
    }, 0);
    assertTrue(interfaceCalls[0] > 0);
  }

  @Test
  void theAccessorImplementsTheJdksMethodAccessorThroughTheHook() {
    byte[] accessor = ReflectiveCalls.accessorBytes();
    ClassReader reader = new ClassReader(accessor);
    assertEquals(List.of("jdk/internal/reflect/MethodAccessor"), List.of(reader.getInterfaces()));
    List<String> calls = MethodCalls.in(accessor);
    String hook = "ttd/runtime/Hooks.invokeCaptured(Ljava/lang/reflect/Method;Ljava/lang/Class;Ljava/lang/Object;"
        + "[Ljava/lang/Object;)Ljava/lang/Object;";
    assertEquals(2, calls.stream().filter(hook::equals).count(), calls.toString());
  }

  private static boolean has(String owner, String name, String desc) {
    for (Capture c : ROWS.getOrDefault(name, List.of())) {
      if (c.owner().equals(owner) && c.desc().equals(desc)) {
        return true;
      }
    }
    return false;
  }

  private static List<Capture> rowsOf(String owner) {
    List<Capture> rows = new ArrayList<>();
    for (List<Capture> named : ROWS.values()) {
      for (Capture c : named) {
        if (c.owner().equals(owner)) {
          rows.add(c);
        }
      }
    }
    assertFalse(rows.isEmpty(), owner);
    return rows;
  }

  /** The calls in one method of a class file. */
  private static List<String> callsIn(byte[] classFile, String method, String desc) {
    List<String> calls = new ArrayList<>();
    boolean[] found = {false};
    new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String d, String sig, String[] exceptions) {
        if (!name.equals(method) || !d.equals(desc)) {
          return null;
        }
        found[0] = true;
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitMethodInsn(int op, String owner, String callee, String cd, boolean itf) {
            calls.add(owner + "." + callee + cd);
          }
        };
      }
    }, 0);
    assertNotNull(found[0] ? calls : null, method + desc + " not in the adapter");
    return calls;
  }
}
