package ttd.debug.console;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Field;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import java.util.List;
import ttd.debug.BadInput;
import ttd.debug.eval.Evaluator;
import ttd.debug.eval.Values;
import ttd.debug.replayvm.TtdFrames;
import ttd.debug.requests.ClassNames;

/**
 * Looking at a stopped replay: {@code print}, {@code dump}, {@code eval}, {@code locals}, {@code
 * where}, {@code up}/{@code down}, {@code threads}, {@code thread}, {@code list}, {@code classes},
 * {@code methods}, {@code fields}. None of them moves the replay.
 */
final class InspectCommands {

  private final ConsoleSession s;

  InspectCommands(ConsoleSession s) {
    this.s = s;
  }

  void print(String expr, boolean dump) {
    if (expr.isBlank()) {
      throw new BadInput("print what? e.g. print order.total");
    }
    s.driver().target().takePassedOver();
    Value v = new Evaluator(s.driver().target(), s.thread(), s.frameIndex()).evaluate(expr);
    s.out.println(" " + expr.trim() + " = " + (dump ? Values.dump(v) : Values.show(v)));
    for (String at : s.driver().target().takePassedOver()) {
      s.out.println("(the call passed over the stop at " + at + ": requests do not stop code an evaluation runs)");
    }
  }

  void locals() {
    StackFrame f = s.frame();
    try {
      List<LocalVariable> vars = f.visibleVariables();
      s.out.println("Method arguments:");
      for (LocalVariable v : vars) {
        if (v.isArgument()) {
          s.out.println(v.name() + " = " + Values.show(s.driver().target().exposed(f.getValue(v))));
        }
      }
      s.out.println("Local variables:");
      for (LocalVariable v : vars) {
        if (!v.isArgument()) {
          s.out.println(v.name() + " = " + Values.show(s.driver().target().exposed(f.getValue(v))));
        }
      }
    } catch (AbsentInformationException e) {
      throw new BadInput("local variable information is not available: compile with -g to see locals");
    }
  }

  void where(String args) {
    if (args.trim().equals("all")) {
      s.requireStopped();
      for (ThreadReference t : s.driver().target().vm().allThreads()) {
        s.out.println(t.name() + ":");
        frames(t);
      }
      return;
    }
    frames(s.thread());
  }

  private void frames(ThreadReference t) {
    try {
      List<StackFrame> frames = t.frames();
      int hidden = TtdFrames.onTop(frames);
      if (hidden > 0) {
        s.out.println("  [1" + (hidden > 1 ? "-" + hidden : "") + "] (ttd's own code: the thread waits for its turn in the replay)");
      }
      for (int i = hidden; i < frames.size(); i++) {
        Location l = frames.get(i).location();
        s.out.println("  [" + (i + 1) + "] " + l.declaringType().name() + "." + l.method().name() + " (" + source(l) + ")");
      }
    } catch (IncompatibleThreadStateException e) {
      s.out.println("  (running)");
    }
  }

  private static String source(Location l) {
    try {
      return l.method().isNative() ? "native method" : l.sourceName() + ":" + l.lineNumber();
    } catch (AbsentInformationException e) {
      return "bci " + l.codeIndex();
    }
  }

  void upDown(String args, int direction) {
    int n = args.isBlank() ? 1 : number(args.trim());
    int target = s.frameIndex() + direction * n;
    int count;
    try {
      count = s.thread().frameCount();
    } catch (IncompatibleThreadStateException e) {
      throw new BadInput("the thread is running; stop it first");
    }
    if (target < 0 || target >= count) {
      throw new BadInput(direction > 0 ? "already at the outermost frame" : "already at the innermost frame");
    }
    s.selectFrame(target);
    Location l = s.frame().location();
    s.out.println("  [" + (target + 1) + "] " + l.declaringType().name() + "." + l.method().name() + " (" + source(l) + ")");
  }

  private static int number(String t) {
    try {
      int n = Integer.parseInt(t);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // fall through
    }
    throw new BadInput("'" + t + "' is not a number of frames");
  }

  void threads() {
    s.requireStopped();
    for (ThreadReference t : s.driver().target().vm().allThreads()) {
      s.out.println("  " + t.name() + " " + status(t) + (t.name().equals(s.threadName()) ? " (current)" : ""));
    }
  }

  private static String status(ThreadReference t) {
    switch (t.status()) {
      case ThreadReference.THREAD_STATUS_RUNNING:
        return "running";
      case ThreadReference.THREAD_STATUS_WAIT:
        return "waiting";
      case ThreadReference.THREAD_STATUS_MONITOR:
        return "waiting on a monitor";
      case ThreadReference.THREAD_STATUS_SLEEPING:
        return "sleeping";
      case ThreadReference.THREAD_STATUS_ZOMBIE:
        return "finished";
      default:
        return "not started";
    }
  }

  void thread(String name) {
    s.requireStopped();
    if (name.isBlank()) {
      throw new BadInput("thread takes the name of a thread, as `threads` lists them, e.g. thread main");
    }
    for (ThreadReference t : s.driver().target().vm().allThreads()) {
      if (t.name().equals(name.trim())) {
        s.selectThread(t.name());
        int hidden = 0;
        try {
          hidden = TtdFrames.onTop(t.frames());
        } catch (IncompatibleThreadStateException e) {
          // running: no frame to select
        }
        s.selectFrame(hidden);
        s.out.println("Current thread is " + t.name() + (hidden > 0 ? " (at frame " + (hidden + 1) + ", below ttd's own code)" : ""));
        return;
      }
    }
    throw new BadInput("no thread named '" + name.trim() + "'; `threads` lists them");
  }

  void list(String args) {
    if (!s.sources.configured()) {
      throw new BadInput("no source path: start the console with --sourcepath DIR to list sources");
    }
    Location l = s.frame().location();
    List<String> lines = s.sources.linesOf(l);
    if (lines == null) {
      throw new BadInput("source " + source(l) + " is not on the source path");
    }
    int center = l.lineNumber();
    if (!args.isBlank()) {
      String t = args.trim();
      center = t.matches("\\d{1,9}") ? Integer.parseInt(t) : 0;
      if (center < 1) {
        throw new BadInput("'" + t + "' is not a line number: list takes a line of the current frame's source, from 1");
      }
      if (center > lines.size()) {
        throw new BadInput("line " + center + " is past the end of " + source(l).replaceFirst(":-?\\d+$", "") + ", which has " + lines.size() + " lines");
      }
    }
    for (int i = Math.max(1, center - 4); i <= center + 4; i++) {
      String line = s.sources.line(l, i, i == l.lineNumber());
      if (line != null) {
        s.out.println(line);
      }
    }
  }

  void classes(String pattern) {
    requireRunning();
    String p = pattern.trim();
    s.driver().target().vm().allClasses().stream()
        .map(ReferenceType::name)
        .filter(n -> p.isEmpty() || n.contains(p))
        .sorted()
        .forEach(n -> s.out.println(n));
  }

  void methods(String cls) {
    for (Method m : type(cls).methods()) {
      s.out.println(m.declaringType().name() + " " + m.name() + "(" + String.join(", ", m.argumentTypeNames()) + ")");
    }
  }

  void fields(String cls) {
    for (Field f : type(cls).fields()) {
      s.out.println(f.typeName() + " " + f.name());
    }
  }

  private ReferenceType type(String cls) {
    requireRunning();
    String c = cls.trim();
    if (c.isEmpty()) {
      throw new BadInput("which class? e.g. fields shop.Cart");
    }
    List<ReferenceType> types = ClassNames.loaded(s.driver().target().vm(), c);
    if (types.isEmpty()) {
      throw new BadInput("no loaded class named " + c + " (classes load as the program runs)");
    }
    if (types.size() > 1) {
      throw new BadInput(c + " names several classes; give the full name");
    }
    return types.get(0);
  }

  private void requireRunning() {
    if (!s.started()) {
      throw new BadInput("the program has not started yet; `run` starts it");
    }
    if (s.ended()) {
      throw new BadInput(s.endedSentence());
    }
  }
}
