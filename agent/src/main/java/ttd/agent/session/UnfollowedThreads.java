package ttd.agent.session;

import static ttd.runtime.NativeIoOp.*;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Set;
import ttd.runtime.NetOp;

/**
 * What a thread ttd does not follow may do in a replay. The JDK's own threads (cleaners, a process
 * reaper the program did not start itself) and any the program puts in the JDK's system thread group are not scheduled and
 * their calls are not logged, so in a replay their hooks pass calls through: what the JVM does for
 * itself (reading, closing, waking a selector, writing to standard output) goes on, but nothing
 * may change or reach the world, since a replay performs no external side effect. Measured before:
 * a system-group thread's {@code Files.writeString}, {@code FileOutputStream}, {@code mkdir} and
 * {@code Socket.connect} all ran for real in its replay. Each such call now throws an {@link
 * IOException} with one sentence; {@code Processes} refuses process starts (with the same
 * sentence) and signals.
 */
final class UnfollowedThreads {

  private static final String NO_CHANGE = "ttd: a replay changes nothing for a thread ttd does not follow; it would ";
  private static final Set<String> HARMLESS_OUTPUTS = Set.of("/dev/null", "/dev/stdout", "/dev/stderr");

  private UnfollowedThreads() {}

  /**
   * Loads this class. Its first use may come from a hook on such a thread, and loading it reads
   * the agent's jar through the same hooks; so every session loads it first, as {@code
   * EvaluationFence}.
   */
  static void load() {
    // nothing: calling it is what loads the class
  }

  /** A call below {@code java.nio.file}, {@code FileChannel}, {@code RandomAccessFile} or {@code java.io.File}. */
  static void nativeIo(int op, Object[] a) throws IOException {
    if (EvaluationFence.changesFileSystem(op)) {
      throw refused("change the file system");
    }
    boolean opensToWrite = (op == OPEN || op == OPENAT) && ((int) a[op == OPEN ? 1 : 2] & NativeFiles.WRITING_FLAGS) != 0
        || op == RAF_OPEN && (int) a[2] != 1; // RandomAccessFile's O_RDONLY
    if (opensToWrite) {
      throw refused("open a file to write");
    }
  }

  /** The exception for a call that would {@code would}: its message is ttd's sentence. */
  static IOException refused(String would) {
    return new IOException(NO_CHANGE + would);
  }

  /** A {@code FileOutputStream} opening {@code path}. */
  static void fileOutput(String path) throws FileNotFoundException {
    if (!HARMLESS_OUTPUTS.contains(path)) {
      throw new FileNotFoundException(NO_CHANGE + "write to " + path);
    }
  }

  /** A socket call: binding, listening, connecting, sending, joining a group and name lookups reach the world. */
  static void net(int op) throws IOException {
    switch (op) {
      case NetOp.BIND:
      case NetOp.LISTEN:
      case NetOp.CONNECT:
      case NetOp.SEND_URGENT:
      case NetOp.DATAGRAM_SEND:
      case NetOp.MEMBERSHIP4:
      case NetOp.MEMBERSHIP6:
      case NetOp.LOOKUP:
      case NetOp.REVERSE_LOOKUP:
        throw refused("use the network");
    }
  }
}
