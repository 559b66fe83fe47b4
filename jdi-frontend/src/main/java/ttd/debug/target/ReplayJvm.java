package ttd.debug.target;

import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * One replay JVM process and the JDI connection to it, with its output pumped to the console
 * while the console shows it.
 */
public final class ReplayJvm implements AutoCloseable {

  private final VirtualMachine vm;
  private final Process process;
  private final OutputPump out;
  private final OutputPump err;

  ReplayJvm(VirtualMachine vm, Process process, Path stdout, Path stderr, PrintStream toOut, PrintStream toErr) {
    this.vm = vm;
    this.process = process;
    this.out = new OutputPump(stdout, toOut, "ttd-replay-stdout");
    this.err = new OutputPump(stderr, toErr, "ttd-replay-stderr");
  }

  public VirtualMachine vm() {
    return vm;
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

  /** The exit status once the JVM has ended (waits for it briefly), or null. */
  public Integer exitStatus() {
    try {
      if (process.waitFor(10, TimeUnit.SECONDS)) {
        out.finish();
        err.finish();
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
  }
}
