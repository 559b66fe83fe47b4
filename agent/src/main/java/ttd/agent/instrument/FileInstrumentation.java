package ttd.agent.instrument;

import java.util.Map;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.runtime.FileHooks;

/**
 * {@code java.io.File}: its queries of the file system ({@code exists}, {@code isDirectory},
 * {@code length}, {@code lastModified}, {@code canRead}, {@code list}, {@code getCanonicalPath},
 * space) go through hooks at their calls of {@code java.io.FileSystem}, which is the same on JDK 17
 * and 25. Its changes (delete, create, rename...) go through {@code NativeIoRewriter}'s hooks.
 */
final class FileInstrumentation implements TypeInstrumentation {

  private static final String FS = "java/io/FileSystem";
  private static final String QUERY = "(Ljava/lang/Object;Ljava/io/File;II)J";

  /** FileSystem method + descriptor -> the query's op. */
  private static final Map<String, Integer> QUERIES =
      Map.of(
          "hasBooleanAttributes(Ljava/io/File;I)Z", FileHooks.FS_HAS_ATTRIBUTES,
          "checkAccess(Ljava/io/File;I)Z", FileHooks.FS_CHECK_ACCESS,
          "getLastModifiedTime(Ljava/io/File;)J", FileHooks.FS_LAST_MODIFIED,
          "getLength(Ljava/io/File;)J", FileHooks.FS_LENGTH,
          "getSpace(Ljava/io/File;I)J", FileHooks.FS_SPACE);

  @Override
  public String typeName() {
    return "java/io/File";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        if (!owner.equals(FS)) {
          super.visitMethodInsn(op, owner, callee, d, itf);
          return;
        }
        String key = callee + d;
        Integer query = QUERIES.get(key);
        if (query != null) {
          changed[0] = true;
          if (!d.contains(";I)")) {
            HookCalls.pushInt(mv, 0); // queries without an int argument
          }
          HookCalls.pushInt(mv, query);
          HookCalls.call(mv, HookCalls.FILE_HOOKS, "onFileSystemQuery", QUERY);
          if (d.endsWith(")Z")) {
            mv.visitInsn(Opcodes.L2I);
          }
        } else if (key.equals("list(Ljava/io/File;)[Ljava/lang/String;")) {
          changed[0] = true;
          HookCalls.call(mv, HookCalls.FILE_HOOKS, "onFileSystemList", "(Ljava/lang/Object;Ljava/io/File;)[Ljava/lang/String;");
        } else if (key.equals("canonicalize(Ljava/lang/String;)Ljava/lang/String;")) {
          changed[0] = true;
          HookCalls.call(mv, HookCalls.FILE_HOOKS, "onFileSystemCanonicalize",
              "(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/String;");
        } else {
          super.visitMethodInsn(op, owner, callee, d, itf);
        }
      }
    };
  }
}
