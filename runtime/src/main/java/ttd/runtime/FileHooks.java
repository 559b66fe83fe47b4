package ttd.runtime;

import java.io.FileDescriptor;

/**
 * The hooks of {@code java.io}'s file classes: {@code FileOutputStream}'s and {@code
 * FileInputStream}'s private natives and {@code java.io.File}'s queries of {@code
 * java.io.FileSystem}, each rewritten at its call sites inside those classes. Until the agent
 * installs a delegate, every hook calls the real native through the {@code Real…} implementation
 * the agent installed at start-up. Bootstrap class, like {@link Hooks}.
 */
public final class FileHooks {

  /** {@link #onFileSystemQuery} operations, in the order of {@code java.io.FileSystem}'s methods. */
  public static final int FS_HAS_ATTRIBUTES = 1;
  public static final int FS_CHECK_ACCESS = 2;
  public static final int FS_LAST_MODIFIED = 3;
  public static final int FS_LENGTH = 4;
  public static final int FS_SPACE = 5;

  private static volatile RealFileSystem realFileSystem;
  private static volatile RealFileInput realFileInput;
  private static volatile RealFileOutput realFileOutput;

  private FileHooks() {}

  /** Installs the real file stream natives, before any of their call sites is rewritten. */
  public static void installRealFiles(
      RealFileInput input, RealFileOutput output, RealFileSystem fileSystem) {
    realFileInput = input;
    realFileOutput = output;
    realFileSystem = fileSystem;
  }

  // FileOutputStream's natives, rewritten at their call sites inside FileOutputStream.

  public static void onFileOutputOpen(java.io.FileOutputStream out, String path, boolean append)
      throws java.io.IOException {
    fileOutput(out, path, append, null, 0, 0);
  }

  public static void onFileOutputWrite(java.io.FileOutputStream out, int oneByte, boolean append)
      throws java.io.IOException {
    fileOutput(out, null, append, new byte[] {(byte) oneByte}, 0, 1);
  }

  public static void onFileOutputWrite(
      java.io.FileOutputStream out, byte[] b, int off, int len, boolean append)
      throws java.io.IOException {
    fileOutput(out, null, append, b, off, len);
  }

  private static void fileOutput(
      java.io.FileOutputStream out, String path, boolean append, byte[] b, int off, int len)
      throws java.io.IOException {
    Hooks.delegate().onFileOutput(realFileOutput, out, path, append, b, off, len);
  }

  // FileInputStream's natives, rewritten at their call sites inside FileInputStream.

  public static void onFileInputOpen(java.io.FileInputStream in, String path)
      throws java.io.IOException {
    fileInput(FileInputOp.OPEN, in, path, null, 0, 0);
  }

  public static int onFileInputRead(java.io.FileInputStream in) throws java.io.IOException {
    return (int) fileInput(FileInputOp.READ_BYTE, in, null, null, 0, 0);
  }

  public static int onFileInputRead(java.io.FileInputStream in, byte[] b, int off, int len)
      throws java.io.IOException {
    return (int) fileInput(FileInputOp.READ_BYTES, in, null, b, off, len);
  }

  public static long onFileInputLength(java.io.FileInputStream in) throws java.io.IOException {
    return fileInput(FileInputOp.LENGTH, in, null, null, 0, 0);
  }

  public static long onFileInputPosition(java.io.FileInputStream in) throws java.io.IOException {
    return fileInput(FileInputOp.POSITION, in, null, null, 0, 0);
  }

  public static long onFileInputSkip(java.io.FileInputStream in, long n) throws java.io.IOException {
    return fileInput(FileInputOp.SKIP, in, n, null, 0, 0);
  }

  public static int onFileInputAvailable(java.io.FileInputStream in) throws java.io.IOException {
    return (int) fileInput(FileInputOp.AVAILABLE, in, null, null, 0, 0);
  }

  public static boolean onFileInputIsRegularFile(java.io.FileInputStream in, FileDescriptor fd) {
    try {
      return fileInput(FileInputOp.IS_REGULAR_FILE, in, fd, null, 0, 0) != 0;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  private static long fileInput(
      int op, java.io.FileInputStream in, Object arg, byte[] b, int off, int len)
      throws java.io.IOException {
    return Hooks.delegate().onFileInput(realFileInput, op, in, arg, b, off, len);
  }

  // java.io.File's queries of java.io.FileSystem, rewritten at their call sites inside File.

  /** A yes/no or numeric query; yes/no answers are 0 or 1. */
  public static long onFileSystemQuery(Object fs, java.io.File f, int arg, int op) {
    return Hooks.delegate().onFileSystemQuery(realFileSystem, fs, f, arg, op);
  }

  public static String[] onFileSystemList(Object fs, java.io.File f) {
    return Hooks.delegate().onFileSystemList(realFileSystem, fs, f);
  }

  public static String onFileSystemCanonicalize(Object fs, String path) throws java.io.IOException {
    return Hooks.delegate().onFileSystemCanonicalize(realFileSystem, fs, path);
  }
}
