package ttd.agent.instrument;

import java.util.Map;
import org.objectweb.asm.MethodVisitor;

/**
 * {@code java.io.FileInputStream}: every call of its natives (open, read, skip, available, length,
 * position), from whichever of its methods, goes through a hook instead.
 *
 * <p>Rewriting the natives' call sites inside the class covers every caller at once, including
 * {@code read(byte[])} and, on newer JDKs, {@code readAllBytes}/{@code readNBytes}/{@code
 * transferTo}, which call {@code readBytes} directly. Standard input is a {@code FileInputStream}
 * too (through {@code System$In} on JDK 25).
 */
final class FileInputStreamInstrumentation implements TypeInstrumentation {

  private static final String OWNER = "java/io/FileInputStream";
  private static final String SELF = "Ljava/io/FileInputStream;";

  /** native name + descriptor -> hook name. */
  private static final Map<String, String> HOOKS =
      Map.of(
          "open0(Ljava/lang/String;)V", "onFileInputOpen",
          "read0()I", "onFileInputRead",
          "readBytes([BII)I", "onFileInputRead",
          "length0()J", "onFileInputLength",
          "position0()J", "onFileInputPosition",
          "skip0(J)J", "onFileInputSkip",
          "available0()I", "onFileInputAvailable",
          "isRegularFile0(Ljava/io/FileDescriptor;)Z", "onFileInputIsRegularFile");

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
