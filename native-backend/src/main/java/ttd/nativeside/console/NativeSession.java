package ttd.nativeside.console;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import ttd.debug.BadInput;
import ttd.nativeside.history.History;
import ttd.nativeside.mi.Gdb;
import ttd.nativeside.mi.MiError;
import ttd.nativeside.mi.MiRecord;
import ttd.nativeside.mi.Reply;

/**
 * What the native console knows between commands: the history backend and its gdb, whether the
 * program has started, the thread and frame the user looks at, the watches waiting for the
 * program to start, the checkpoints, and how much of the program's output it has shown.
 */
final class NativeSession {

  /**
   * What gdb's child writes to the program's output before it execs the program, since that
   * output is a file and not a terminal; it is gdb's, not the program's.
   */
  private static final String TTY_WARNING = "^&\"warning: GDB: Failed to set controlling terminal: [^\n]*\n";

  final PrintStream out;
  final History history;
  final Gdb gdb;
  final StopLines lines;
  /** Watch expressions typed before {@code run}: a watch on a location needs the running program's addresses. */
  final List<String> pendingWatches = new ArrayList<>();
  /** The positions {@code checkpoint} named, numbered from 1. */
  final List<Checkpoint> checkpoints = new ArrayList<>();
  private boolean started;
  private String thread;
  private int frame;
  private long outputShown;

  /** A position the user saved: the backend's name for it, and the stop line of where it was. */
  record Checkpoint(String position, String where) {}

  NativeSession(PrintStream out, History history) {
    this.out = out;
    this.history = history;
    this.gdb = history.gdb();
    this.lines = new StopLines(gdb, out);
  }

  boolean started() {
    return started;
  }

  void started(boolean on) {
    started = on;
  }

  void requireStarted() {
    if (!started) {
      throw new BadInput("the program has not started yet; `run` starts it");
    }
  }

  /** {@code --thread T --frame F } for a command about the selected frame. */
  String frameOptions() {
    requireStarted();
    return (thread == null ? "" : "--thread " + thread + " ") + "--frame " + frame + " ";
  }

  String thread() {
    return thread;
  }

  int frame() {
    return frame;
  }

  void select(String thread, int frame) {
    this.thread = thread;
    this.frame = frame;
  }

  /**
   * Runs a command that moves the program and shows where it stopped: first the program's new
   * output, then the stop line ({@code title} instead of the stop's own headline when not null).
   * Returns the reply, or null if gdb refused the motion (its reason printed).
   */
  Reply move(String command, String title, boolean reverse) {
    Reply r;
    try {
      r = gdb.resume(command);
    } catch (MiError e) {
      showOutput();
      throw new BadInput(GdbRefusals.refusal(e.getMessage()));
    }
    shown(r, title, reverse);
    return r;
  }

  /** Prints the program's output so far, then the stop in {@code r}. */
  void shown(Reply r, String title, boolean reverse) {
    showOutput();
    MiRecord stopped = r.stopped();
    if (stopped != null && stopped.results().text("thread-id") != null) {
      select(stopped.results().text("thread-id"), 0);
    }
    String edge = history.edge(r, reverse);
    if (edge != null) {
      out.println(edge);
      lines.printFrame(stopped, thread);
      return;
    }
    if (stopped == null) {
      lines.printFrame(null, thread);
      return;
    }
    lines.print(stopped, title, reverse);
  }

  /** Copies what the program wrote since the last stop to the console. */
  void showOutput() {
    try (RandomAccessFile f = new RandomAccessFile(history.output().toFile(), "r")) {
      long size = f.length();
      if (size <= outputShown) {
        return;
      }
      byte[] bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, size - outputShown)];
      f.seek(outputShown);
      f.readFully(bytes);
      outputShown += bytes.length;
      String text = new String(bytes, StandardCharsets.UTF_8);
      out.print(outputShown == bytes.length ? text.replaceFirst(TTY_WARNING, "") : text);
      out.flush();
    } catch (IOException e) {
      // the output file is gone: nothing to show
    }
  }
}
