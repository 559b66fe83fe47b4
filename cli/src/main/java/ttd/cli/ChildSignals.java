package ttd.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While ttd waits for a JVM it started (the recorded program of {@code ttd record}, the replay of
 * {@code ttd replay}), SIGTERM, SIGINT and SIGHUP sent to ttd are passed on to that JVM, and ttd
 * goes on waiting for it and exits with its status, instead of dying and leaving it running.
 *
 * <p>SIGTERM is always passed on: nobody sends it to a whole process group by accident. SIGINT
 * and SIGHUP also come from a terminal (Ctrl-C, a closed terminal), which sends them to its whole
 * foreground process group, the child included; ttd passes them on only when it is not in a
 * terminal's foreground process group (run by a script, a service manager or {@code timeout}), so
 * that the child never gets one signal twice (a program that counts its Ctrl-Cs would see two).
 */
final class ChildSignals implements AutoCloseable {

  private static final String[] NAMES = {"TERM", "INT", "HUP"};

  private final List<Signal> signals = new ArrayList<>();
  private final List<SignalHandler> previous = new ArrayList<>();
  private ProcessHandle child;
  /** A signal that came before the child was started, passed on once it is. */
  private Signal pending;

  private ChildSignals() {}

  /**
   * Takes the three signals over until {@link #close()}, before the child is started: one that
   * comes while it starts is held and passed on by {@link #attach}, so ttd never dies between its
   * start and the handlers and leaves the child running.
   */
  static ChildSignals install() {
    ChildSignals s = new ChildSignals();
    for (String name : NAMES) {
      Signal signal = new Signal(name);
      try {
        s.previous.add(Signal.handle(signal, s::received));
        s.signals.add(signal);
      } catch (IllegalArgumentException e) {
        // the JVM runs with -Xrs or the signal is ignored: it does not stop ttd either
      }
    }
    return s;
  }

  /** Passes the signals on to {@code started} from now on, and one that came meanwhile at once. */
  synchronized void attach(Process started) {
    child = started.toHandle();
    if (pending != null) {
      pass(pending);
    }
  }

  private synchronized void received(Signal signal) {
    if (!signal.getName().equals("TERM") && inTerminalForeground()) {
      return; // the terminal sent it to the child as well
    }
    if (child == null) {
      pending = signal;
      return;
    }
    pass(signal);
  }

  private void pass(Signal signal) {
    if (signal.getName().equals("TERM")) {
      child.destroy();
      return;
    }
    try {
      new ProcessBuilder("kill", "-" + signal.getName(), Long.toString(child.pid()))
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
    } catch (IOException e) {
      child.destroy(); // no kill(1): SIGTERM still ends it
    }
  }

  /**
   * Whether this process is in the foreground process group of its controlling terminal ({@code
   * /proc/self/stat}: the process group and the terminal's foreground group are fields 5 and 8).
   */
  private static boolean inTerminalForeground() {
    try {
      String stat = new String(Files.readAllBytes(Paths.get("/proc/self/stat")), StandardCharsets.US_ASCII);
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      int tty = Integer.parseInt(f[4]);
      return tty != 0 && f[2].equals(f[5]);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  @Override
  public void close() {
    for (int i = 0; i < signals.size(); i++) {
      Signal.handle(signals.get(i), previous.get(i));
    }
  }
}
