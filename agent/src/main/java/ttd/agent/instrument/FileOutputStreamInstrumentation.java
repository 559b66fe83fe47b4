package ttd.agent.instrument;

import java.util.Map;
import org.objectweb.asm.MethodVisitor;

/**
 * {@code java.io.FileOutputStream}: every call of its natives (open, write one byte, write bytes),
 * from whichever of its methods, goes through a hook instead. Standard output and error are file
 * output streams too, so the same hooks see everything the program prints.
 */
final class FileOutputStreamInstrumentation implements TypeInstrumentation {

  private static final String OWNER = "java/io/FileOutputStream";
  private static final String SELF = "Ljava/io/FileOutputStream;";

  /** native name + descriptor -> hook name. */
  private static final Map<String, String> HOOKS =
      Map.of(
          "open0(Ljava/lang/String;Z)V", "onFileOutputOpen",
          "write(IZ)V", "onFileOutputWrite",
          "writeBytes([BIIZ)V", "onFileOutputWrite");

  @Override
  public String typeName() {
    return OWNER;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    return new NativeCallRewriter(mv, OWNER, SELF, HOOKS, changed);
  }
}
