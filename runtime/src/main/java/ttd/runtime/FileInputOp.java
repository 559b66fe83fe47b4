package ttd.runtime;

/** The {@code FileInputStream} natives a hook stands for, as passed to {@link HookDelegate#onFileInput}. */
public final class FileInputOp {

  public static final int OPEN = 1;
  public static final int READ_BYTE = 2;
  public static final int READ_BYTES = 3;
  public static final int LENGTH = 4;
  public static final int POSITION = 5;
  public static final int SKIP = 6;
  public static final int AVAILABLE = 7;
  public static final int IS_REGULAR_FILE = 8;

  private FileInputOp() {}

  /** Runs the real native for {@code op}; {@code arg} is the path, the skip count or the fd. */
  public static long real(RealFileInput r, int op, java.io.FileInputStream in, Object arg, byte[] b, int off, int len)
      throws java.io.IOException {
    switch (op) {
      case OPEN:
        r.open0(in, (String) arg);
        return 0;
      case READ_BYTE:
        return r.read0(in);
      case READ_BYTES:
        return r.readBytes(in, b, off, len);
      case LENGTH:
        return r.length0(in);
      case POSITION:
        return r.position0(in);
      case SKIP:
        return r.skip0(in, (Long) arg);
      case AVAILABLE:
        return r.available0(in);
      case IS_REGULAR_FILE:
        return r.isRegularFile0(in, (java.io.FileDescriptor) arg) ? 1 : 0;
      default:
        throw new IllegalArgumentException("no FileInputStream operation " + op);
    }
  }
}
