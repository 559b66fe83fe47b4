package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.fixture.Courier;

class ThreadMethodsTest {

  private static final List<String> SCHEDULER_ONLY = List.of("onTick", "onMonitorEnter", "onThreadRun");

  @Test
  void threadMethodsNamedThroughASubclassBecomeScheduleHooks() throws IOException {
    assertEquals(
        List.of("ScheduleHooks.onThreadSleep(J)V", "ScheduleHooks.onThreadYield()V", "ScheduleHooks.onThreadYield()V",
            "ScheduleHooks.onObjectNotifyAll(Ljava/lang/Object;)V"),
        calls(Courier.class, "run"));
    assertEquals(
        List.of("ScheduleHooks.onThreadJoin(Ljava/lang/Thread;)V", "ScheduleHooks.onThreadJoin(Ljava/lang/Thread;J)V",
            "ScheduleHooks.onThreadJoin(Ljava/lang/Thread;JI)V"),
        calls(Courier.class, "await"));
  }

  @Test
  void waitCalledThroughSuperIsAScheduleHook() throws IOException {
    assertEquals(List.of("ScheduleHooks.onObjectWait(Ljava/lang/Object;J)V"), calls(Courier.class, "pause"));
  }

  @Test
  void aStaticMethodHidingThreadsIsLeftAlone() throws IOException {
    assertEquals(
        List.of("ttd/fixture/Courier$Napping.sleep(J)V", "ttd/fixture/Courier$Napping.sleep(J)V"),
        calls(Courier.Napping.class, "nap"));
  }

  @Test
  void theHierarchyIsReadFromClassFilesWithoutLoadingClasses() {
    ThreadMethods methods = ThreadMethods.of(getClass().getClassLoader(), null, null);
    assertTrue(methods.resolvesToThread("ttd/fixture/Courier", "join", "()V"));
    assertTrue(methods.resolvesToThread("java/util/concurrent/ForkJoinWorkerThread", "join", "()V"));
    assertFalse(methods.resolvesToThread("ttd/fixture/Courier$Napping", "sleep", "(J)V"));
    assertFalse(methods.resolvesToThread("java/lang/String", "join", "()V"));
    assertFalse(methods.resolvesToThread("no/such/Type", "join", "()V"));
  }

  @Test
  void waitAndNotifyNamedThroughAnInterfaceBecomeScheduleHooks() {
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    w.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, "app/Handshake", null, "java/lang/Object", null);
    MethodVisitor m = w.visitMethod(Opcodes.ACC_STATIC, "await", "(Ljava/util/Map;)V", null,
        new String[] {"java/lang/InterruptedException"});
    m.visitCode();
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitLdcInsn(100L);
    m.visitInsn(Opcodes.ICONST_0);
    m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/Map", "wait", "(JI)V", true); // as javac before 18 names it
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/Map", "notifyAll", "()V", true);
    m.visitInsn(Opcodes.RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    w.visitEnd();

    assertEquals(
        List.of("ScheduleHooks.onObjectWait(Ljava/lang/Object;JI)V", "ScheduleHooks.onObjectNotifyAll(Ljava/lang/Object;)V"),
        calls("app/Handshake", w.toByteArray(), getClass().getClassLoader(), "await"));
  }

  /** The calls left in {@code method} after instrumentation, hooks shown as {@code ScheduleHooks.x}. */
  private static List<String> calls(Class<?> c, String method) throws IOException {
    return calls(c.getName().replace('.', '/'), bytes(c), c.getClassLoader(), method);
  }

  private static List<String> calls(String name, byte[] original, ClassLoader loader, String method) {
    byte[] changed = new ClassFileInstrumenter(null).instrument(name, original, true, false, loader);
    List<String> calls = new ArrayList<>();
    new ClassReader(changed == null ? original : changed).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String n, String d, String s, String[] e) {
        if (!n.equals(method)) {
          return null;
        }
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitMethodInsn(int op, String owner, String callee, String desc, boolean itf) {
            boolean hook = owner.startsWith("ttd/runtime/") && owner.endsWith("Hooks");
            if (hook && SCHEDULER_ONLY.contains(callee)) {
              return; // every application method has these
            }
            if (hook) {
              calls.add(owner.substring("ttd/runtime/".length()) + "." + callee + desc);
            } else if (!callee.equals("<init>") && !callee.equals("interrupt")) {
              calls.add(owner + "." + callee + desc);
            }
          }
        };
      }
    }, 0);
    return calls;
  }

  private static byte[] bytes(Class<?> c) throws IOException {
    String file = c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class";
    try (InputStream in = c.getResourceAsStream(file)) {
      return in.readAllBytes();
    }
  }
}
