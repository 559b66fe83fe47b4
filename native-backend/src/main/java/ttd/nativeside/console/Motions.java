package ttd.nativeside.console;

import java.util.ArrayList;
import java.util.List;
import ttd.debug.BadInput;
import ttd.nativeside.mi.MiValue;
import ttd.nativeside.mi.Reply;

/**
 * {@code run}, {@code cont}, {@code step}, {@code next}, {@code step up}/{@code finish} and the
 * reverse commands: each is one of gdb's execution commands, forwards or with {@code --reverse}
 * (which gdb runs in the history of its backend: process record's log, or rr's replay).
 */
final class Motions {

  private final NativeSession s;
  private final Requests requests;

  Motions(NativeSession s, Requests requests) {
    this.s = s;
    this.requests = requests;
  }

  void run() {
    if (s.started()) {
      throw new BadInput("the program is already running; `cont` continues it");
    }
    Reply start = s.history.start();
    s.started(true);
    List<String> pending = new ArrayList<>(s.pendingWatches);
    s.pendingWatches.clear();
    for (String expr : pending) {
      requests.set(expr);
    }
    MiValue frame = start == null || start.stopped() == null ? null : start.stopped().get("frame");
    if (frame != null && requests.breakpointAt(frame.text("addr"))) {
      s.shown(start, "Breakpoint hit", false);
      return;
    }
    s.showOutput();
    s.move("-exec-continue", null, false);
  }

  void cont() {
    s.requireStarted();
    s.move("-exec-continue", null, false);
  }

  void step(String args) {
    s.requireStarted();
    switch (args.trim()) {
      case "":
        s.move("-exec-step", null, false);
        break;
      case "up":
        finish();
        break;
      default:
        throw new BadInput("step takes nothing or 'up', not '" + args.trim() + "'");
    }
  }

  void next() {
    s.requireStarted();
    s.move("-exec-next", null, false);
  }

  void finish() {
    s.requireStarted();
    s.move("-exec-finish" + frameOption(), null, false);
  }

  void reverseContinue() {
    s.requireStarted();
    s.move("-exec-continue --reverse", null, true);
  }

  void reverseStep() {
    s.requireStarted();
    s.move("-exec-step --reverse", "Reverse step completed", true);
  }

  void reverseNext() {
    s.requireStarted();
    s.move("-exec-next --reverse", "Reverse next completed", true);
  }

  void reverseFinish() {
    s.requireStarted();
    s.move("-exec-finish --reverse" + frameOption(), "Run back to call", true);
  }

  /** {@code finish} leaves the selected frame (after {@code up}, the one above). */
  private String frameOption() {
    return s.frame() == 0 ? "" : " --frame " + s.frame() + (s.thread() == null ? "" : " --thread " + s.thread());
  }
}
