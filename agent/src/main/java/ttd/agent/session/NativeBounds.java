package ttd.agent.session;

/**
 * The check the JDK's stream natives make on an array and range before any I/O ({@code
 * outOfBounds} in {@code io_util.c}): a call that fails it is handed to the real native, which
 * throws as it would (a {@code NullPointerException} or an {@code IndexOutOfBoundsException} with
 * no message) before touching its descriptor, in record and replay alike, and nothing is logged.
 */
final class NativeBounds {

  private NativeBounds() {}

  /** Whether {@code b[off..off+len)} is not a range of {@code b} (written as the native does, without overflow). */
  static boolean outside(byte[] b, int off, int len) {
    return b == null || off < 0 || len < 0 || b.length - off < len;
  }
}
