package ttd.agent.io;

import java.io.File;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import ttd.runtime.FileHooks;
import ttd.runtime.RealFileSystem;

/**
 * Calls the package-private {@code java.io.FileSystem}'s queries through method handles (the
 * launcher opens {@code java.io} to the agent's loader).
 */
public final class RealJavaIoFileSystem implements RealFileSystem {

  private static final MethodHandle HAS_ATTRIBUTES;
  private static final MethodHandle CHECK_ACCESS;
  private static final MethodHandle LAST_MODIFIED;
  private static final MethodHandle LENGTH;
  private static final MethodHandle SPACE;
  private static final MethodHandle LIST;
  private static final MethodHandle CANONICALIZE;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(File.class, MethodHandles.lookup());
      Class<?> fs = Class.forName("java.io.FileSystem");
      HAS_ATTRIBUTES = l.findVirtual(fs, "hasBooleanAttributes", MethodType.methodType(boolean.class, File.class, int.class));
      CHECK_ACCESS = l.findVirtual(fs, "checkAccess", MethodType.methodType(boolean.class, File.class, int.class));
      LAST_MODIFIED = l.findVirtual(fs, "getLastModifiedTime", MethodType.methodType(long.class, File.class));
      LENGTH = l.findVirtual(fs, "getLength", MethodType.methodType(long.class, File.class));
      SPACE = l.findVirtual(fs, "getSpace", MethodType.methodType(long.class, File.class, int.class));
      LIST = l.findVirtual(fs, "list", MethodType.methodType(String[].class, File.class));
      CANONICALIZE = l.findVirtual(fs, "canonicalize", MethodType.methodType(String.class, String.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public long query(Object fs, File f, int arg, int op) {
    try {
      switch (op) {
        case FileHooks.FS_HAS_ATTRIBUTES:
          return (boolean) HAS_ATTRIBUTES.invoke(fs, f, arg) ? 1 : 0;
        case FileHooks.FS_CHECK_ACCESS:
          return (boolean) CHECK_ACCESS.invoke(fs, f, arg) ? 1 : 0;
        case FileHooks.FS_LAST_MODIFIED:
          return (long) LAST_MODIFIED.invoke(fs, f);
        case FileHooks.FS_LENGTH:
          return (long) LENGTH.invoke(fs, f);
        case FileHooks.FS_SPACE:
          return (long) SPACE.invoke(fs, f, arg);
        default:
          throw new IllegalArgumentException("no file-system query " + op);
      }
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  @Override
  public String[] list(Object fs, File f) {
    try {
      return (String[]) LIST.invoke(fs, f);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  @Override
  public String canonicalize(Object fs, String path) throws IOException {
    try {
      return (String) CANONICALIZE.invoke(fs, path);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }
}
