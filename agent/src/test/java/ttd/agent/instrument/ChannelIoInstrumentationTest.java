package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The running JDK's socket and pipe channels, rewritten: each method of {@link
 * ChannelIoInstrumentation#METHODS} (whose begin and end say whether the read or write under way
 * may block) calls {@code Hooks.onChannelIo} once, and it exists in the JDK with that descriptor.
 */
class ChannelIoInstrumentationTest {

  private static final FileSystem JRT = FileSystems.getFileSystem(URI.create("jrt:/"));
  private static final String HOOK = "ttd/runtime/Hooks." + ChannelIoInstrumentation.HOOK + ChannelIoInstrumentation.HOOK_DESC;

  @Test
  void everyBeginAndEndOfASocketOrPipeChannelsReadOrWriteTellsTheSession() throws IOException {
    for (String owner : ChannelIoInstrumentation.OWNERS) {
      byte[] original = Files.readAllBytes(JRT.getPath("/modules/java.base/" + owner + ".class"));
      byte[] rewritten = new ClassFileInstrumenter(null).instrument(owner, original);
      assertNotNull(rewritten, owner + " is rewritten");
      for (String[] m : ChannelIoInstrumentation.METHODS) {
        if (m[0].equals(owner)) {
          assertEquals(1, hookCalls(rewritten, m[1], m[2]), owner + "." + m[1] + m[2] + " calls " + HOOK + " once");
        }
      }
    }
  }

  /** How often method {@code name desc} of the class calls the hook; -1 if the class has no such method. */
  private static int hookCalls(byte[] classFile, String name, String desc) {
    List<Integer> count = new ArrayList<>();
    new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String n, String d, String signature, String[] exceptions) {
        if (!n.equals(name) || !d.equals(desc)) {
          return null;
        }
        count.add(0);
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitMethodInsn(int opcode, String owner, String callee, String descriptor, boolean itf) {
            if ((owner + "." + callee + descriptor).equals(HOOK)) {
              count.set(0, count.get(0) + 1);
            }
          }
        };
      }
    }, 0);
    return count.isEmpty() ? -1 : count.get(0);
  }
}
