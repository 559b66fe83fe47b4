package ttd.nativeside.console;

import ttd.debug.BadInput;
import ttd.nativeside.mi.MiValue;

/**
 * {@code when}, {@code checkpoint}, {@code restart N}, {@code info checkpoints}: positions in the
 * program's history, in the backend's own terms (process record's instruction numbers, rr's
 * events and checkpoints).
 */
final class Positions {

  private final NativeSession s;

  Positions(NativeSession s) {
    this.s = s;
  }

  void when() {
    s.requireStarted();
    s.out.println("position " + s.history.when());
  }

  void checkpoint() {
    s.requireStarted();
    String label = s.history.checkpoint();
    String where = s.lines.where(s.thread(), frame());
    s.checkpoints.add(new NativeSession.Checkpoint(label, where));
    s.out.println("Checkpoint " + s.checkpoints.size() + " at position " + label + ": " + where);
  }

  void restart(String args) {
    s.requireStarted();
    int n;
    try {
      n = Integer.parseInt(args.trim());
    } catch (NumberFormatException e) {
      throw new BadInput("restart takes a checkpoint's number; `info checkpoints` lists them");
    }
    if (n < 1 || n > s.checkpoints.size()) {
      throw new BadInput("there is no checkpoint " + n + "; `info checkpoints` lists them");
    }
    s.history.restart(s.checkpoints.get(n - 1).position());
    s.showOutput();
    MiValue f = frame();
    s.out.println("Restarted at checkpoint " + n + ": " + s.lines.where(s.thread(), f));
    s.lines.sourceLine(f);
  }

  void info(String args) {
    if (!args.trim().equals("checkpoints")) {
      throw new BadInput("info takes 'checkpoints'");
    }
    if (s.checkpoints.isEmpty()) {
      s.out.println("No checkpoints.");
      return;
    }
    for (int i = 0; i < s.checkpoints.size(); i++) {
      NativeSession.Checkpoint c = s.checkpoints.get(i);
      s.out.println("  " + (i + 1) + "  position " + c.position() + "  " + c.where());
    }
  }

  private MiValue frame() {
    s.select(s.thread(), 0);
    return s.gdb.run("-stack-info-frame" + (s.thread() == null ? "" : " --thread " + s.thread())).get("frame");
  }
}
