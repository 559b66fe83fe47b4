package ttd.agent.session;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import ttd.agent.identity.HashState;

/**
 * A developer's tool for identity-hash drift: with {@code TTD_HASH_TRACE=<file>} in the
 * environment of a recording and of its replay, the main thread's identity-hash state is written
 * at the entry and exit of every hook, with the hook's callers. Where the two files first differ
 * lies between two hooks: the program code there drew a different number of hashes in record and
 * in replay, usually because agent code in one mode hashed a shared JDK object first (see {@code
 * SharedHashes}). The state is read before anything here can hash, and put back after.
 */
public final class HashTrace {

  private static final int[] STATE = new int[4];
  private static final int CALLERS = 38; // deep enough to name the program's frame under JDK code
  private static volatile FileOutputStream out;
  private static int count;

  private HashTrace() {}

  /** Turns the trace on (from premain, before any hook runs). */
  public static void start(String file) throws IOException {
    out = new FileOutputStream(file);
  }

  static boolean on() {
    return out != null;
  }

  static void note(ThreadState t) {
    FileOutputStream o = out;
    if (o == null || t.ordinal() != 0) {
      return;
    }
    HashState.save(STATE);
    StringBuilder line = new StringBuilder().append(count++).append(' ');
    line.append(STATE[0] & 0xffffffffL);
    StackTraceElement[] stack = new Throwable().getStackTrace();
    for (int i = 2; i < Math.min(stack.length, 2 + CALLERS); i++) {
      line.append(' ').append(stack[i].getClassName()).append('.').append(stack[i].getMethodName());
    }
    try {
      o.write(line.append('\n').toString().getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      out = null;
    }
    HashState.write(STATE);
  }
}
