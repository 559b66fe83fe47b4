package ttd.debug.replayvm;

import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.util.concurrent.TimeUnit;
import ttd.debug.code.ProgramBci;
import ttd.cli.launch.ReplayStart;

/**
 * One replay JVM process and the JDI connection to it, with its output pumped to the console
 * while the console shows it, and its handshake ({@link ReplayStart}): a JVM whose agent could
 * not start the replay ran nothing of the program, and the console says why instead of reporting
 * the program's exit.
 */
public final class ReplayJvm implements AutoCloseable {

  private final VirtualMachine vm;
  private final Process process;
  private final OutputPump out;
  private final OutputPump err;
  private final ReplayStart start;
  private final PrintStream toErr;
  private final ProgramBci programBci;

  ReplayJvm(
      VirtualMachine vm, Process process, FileChannel stdout, FileChannel stderr, ReplayStart start, PrintStream toOut,
      PrintStream toErr, ProgramBci programBci) {
    this.vm = vm;
    this.programBci = programBci;
    this.process = process;
    this.start = start;
    this.toErr = toErr;
    this.out = new OutputPump(stdout, toOut, "ttd-replay-stdout");
    this.err = new OutputPump(stderr, toErr, "ttd-replay-stderr");
  }

  public VirtualMachine vm() {
    return vm;
  }

  /** The program's own offsets of this JVM's locations (the recording's, shared by its JVMs). */
  public ProgramBci programBci() {
    return programBci;
  }

  /** Whether the program's output reaches the console from now on. */
  public void forwardOutput(boolean on) {
    drainOutput();
    out.forward(on);
    err.forward(on);
  }

  /** Waits until what the suspended replay wrote so far has been shown (or dropped). */
  public void drainOutput() {
    out.drain();
    err.drain();
  }

  /**
   * The exit status once the JVM has ended (waits for it briefly), or null; null too if the replay
   * never began, which one {@code ttd:} line then says.
   */
  public Integer exitStatus() {
    try {
      if (process.waitFor(10, TimeUnit.SECONDS)) {
        out.finish();
        err.finish();
        String refused = start.refusal(process.exitValue());
        start.close();
        if (refused != null) {
          toErr.println("ttd: " + refused);
          return null;
        }
        return process.exitValue();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return null;
  }

  @Override
  public void close() {
    out.forward(false);
    err.forward(false);
    process.destroyForcibly();
    try {
      vm.dispose();
    } catch (VMDisconnectedException e) {
      // already gone
    }
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    out.finish();
    err.finish();
    start.close();
  }
}
