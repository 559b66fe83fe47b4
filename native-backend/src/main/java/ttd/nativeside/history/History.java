package ttd.nativeside.history;

import java.nio.file.Path;
import ttd.nativeside.mi.Gdb;
import ttd.nativeside.mi.Reply;

/**
 * Where a native program's history comes from, behind one gdb: gdb's own process record of a
 * program it runs ({@link ProcessRecord}), or an rr trace replayed by rr's gdbserver ({@link
 * RrReplay}). The console's commands are the same over both; what differs is how the program
 * gets to the start of its history, what a position is, how checkpoints work and how the ends of
 * history look.
 */
public interface History extends AutoCloseable {

  /** One sentence for the console's first line: which backend runs the program, and why. */
  String describe();

  /** The gdb the console talks to. */
  Gdb gdb();

  /** The file the program's output goes to (the console prints what is new at each stop). */
  Path output();

  /** {@code run}: takes the program to where its history starts, stopped there. */
  Reply start();

  /** {@code when}: the current position, in this backend's own terms. */
  String when();

  /** {@code checkpoint}: a name for the current position that {@link #restart} goes back to. */
  String checkpoint();

  /** {@code restart N}: back to a position {@link #checkpoint} named. */
  void restart(String checkpoint);

  /**
   * What the stop in {@code reply} means when it is an end of the history (the start, reached
   * backwards; the end, reached forwards; an instruction process record could not record), as
   * the console prints it; null for an ordinary stop.
   */
  String edge(Reply reply, boolean reverse);

  @Override
  void close();
}
