package ttd.log;

/**
 * ttd's own I/O on a program thread, set clear of the program's interrupt. The thread's interrupt
 * status is the program's, and an interruptible channel ({@code Files.newByteChannel}, a {@code
 * FileChannel}) fails and closes at it ({@code ClosedByInterruptException}) where the program's own
 * writes did not stop: {@code System.exit} on an interrupted thread left the recording incomplete,
 * and a replay's shadow of a mapped file or copy of an appended jar diverged. The status is set
 * aside before such I/O and put back after, so the program finds it as it left it.
 */
public final class ProgramInterrupt {

  private ProgramInterrupt() {}

  /** Clears the calling thread's interrupt status; whether it was set (for {@link #putBack}). */
  public static boolean setAside() {
    return Thread.interrupted();
  }

  /** Sets the calling thread's interrupt status again if {@link #setAside} found it set. */
  public static void putBack(boolean interrupted) {
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
