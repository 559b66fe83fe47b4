package ttd.debug.console;

import ttd.debug.BadInput;
import ttd.debug.requests.Motion;

/** {@code run}, {@code cont}, {@code step}, {@code next}, {@code step up}: the replay moves forward. */
final class MotionCommands {

  private final ConsoleSession s;

  MotionCommands(ConsoleSession s) {
    this.s = s;
  }

  void run() {
    if (s.started()) {
      throw new BadInput(s.ended() ? s.endedSentence() : "the program is already running; `cont` continues it");
    }
    s.move(Motion.run(s.specs), null);
  }

  void cont() {
    if (!s.started()) {
      throw new BadInput("the program has not started yet; `run` starts it");
    }
    s.requireStopped();
    s.move(Motion.run(s.specs), null);
  }

  void step(String args) {
    Motion.Kind kind;
    switch (args.trim()) {
      case "":
        kind = Motion.Kind.STEP_INTO;
        break;
      case "up":
        kind = Motion.Kind.STEP_OUT;
        break;
      default:
        throw new BadInput("step takes nothing or 'up', not '" + args.trim() + "'");
    }
    move(kind);
  }

  void next() {
    move(Motion.Kind.STEP_OVER);
  }

  private void move(Motion.Kind kind) {
    s.requireStopped();
    s.thread();
    s.move(Motion.step(kind, s.threadName(), s.specs), null);
  }
}
