package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code map.wait()} and {@code map.notifyAll()} on a receiver typed as an interface, as javac
 * before JDK 18 compiled them ({@code invokeinterface java/util/Map.wait}; Apache MINA SSHD 2.14's
 * SFTP client waits so for the server's version). The scheduler's rows accepted only
 * {@code invokevirtual} and {@code invokespecial}, so the real wait ran while the thread held the
 * baton and the notifier never ran: the recording never ended. javac 17 names {@code Object}
 * there, so the test compiles the program and names the interface with ASM, as the older javac
 * did.
 */
class InterfaceWaitReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.util.HashMap;",
      "import java.util.Map;",
      "public class Handshake {",
      "  public static void main(String[] args) throws Exception {",
      "    Map<Integer, String> versions = new HashMap<>();",
      "    Thread server = new Thread(() -> {",
      "      try { Thread.sleep(300); } catch (InterruptedException e) { return; }",
      "      synchronized (versions) { versions.put(3, \"v3 at \" + System.nanoTime()); versions.notifyAll(); }",
      "    }, \"server\");",
      "    server.start();",
      "    int waits = 0;",
      "    synchronized (versions) {",
      "      while (versions.isEmpty()) { versions.wait(2000, 0); waits++; }",
      "    }",
      "    server.join();",
      "    System.out.println(\"got \" + versions + \" after \" + waits + \" waits\");",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aWaitAndNotifyNamedThroughAnInterfaceAreScheduled() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("Map.wait and Map.notifyAll by invokeinterface record and replay on " + jvm.label(), () -> {
        Path work = Scratch.dir("interface-wait-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Handshake", PROGRAM);
        throughTheInterface(classes.resolve("Handshake.class"));
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Handshake");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertTrue(recorded.stdout().startsWith("got {3=v3 at "), recorded.describe());
        Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
        ReplayAssertions.assertSameOutput(recorded, replayed, "replay of waits through Map on " + jvm);
      }));
    }
    return tests;
  }

  /** Rewrites {@code Object.wait/notifyAll} calls to name {@code java.util.Map}, by {@code invokeinterface}. */
  private static void throughTheInterface(Path classFile) throws IOException {
    ClassReader r = new ClassReader(Files.readAllBytes(classFile));
    ClassWriter w = new ClassWriter(r, 0);
    int[] rewritten = {0};
    r.accept(new ClassVisitor(Opcodes.ASM9, w) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
        return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, desc, sig, exceptions)) {
          @Override
          public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
            if (owner.equals("java/lang/Object") && (callee.equals("wait") || callee.equals("notifyAll"))) {
              rewritten[0]++;
              super.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/Map", callee, d, true);
            } else {
              super.visitMethodInsn(op, owner, callee, d, itf);
            }
          }
        };
      }
    }, 0);
    assertEquals(2, rewritten[0], "the program's wait and notifyAll");
    Files.write(classFile, w.toByteArray());
  }
}
