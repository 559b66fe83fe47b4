package ttd.nativeside.console;

import java.util.List;
import ttd.debug.BadInput;
import ttd.nativeside.mi.Gdb;
import ttd.nativeside.mi.MiError;
import ttd.nativeside.mi.MiValue;

/**
 * {@code print}, {@code locals}, {@code where}, {@code up}/{@code down}, {@code threads},
 * {@code thread}, {@code list}: gdb evaluates and unwinds, in the selected thread and frame; none
 * of them moves the program.
 */
final class Inspect {

  private final NativeSession s;

  Inspect(NativeSession s) {
    this.s = s;
  }

  void print(String expr) {
    if (expr.isBlank()) {
      throw new BadInput("print what? e.g. print bank.reserve");
    }
    String value = ask("-data-evaluate-expression " + s.frameOptions() + Gdb.quote(expr.trim())).text("value");
    s.out.println(" " + expr.trim() + " = " + value);
  }

  void locals() {
    List<MiValue> vars = ask("-stack-list-variables " + s.frameOptions() + "--all-values").get("variables").items();
    s.out.println("Function arguments:");
    vars.stream().filter(v -> v.text("arg") != null).forEach(v -> s.out.println(v.text("name") + " = " + v.text("value")));
    s.out.println("Local variables:");
    vars.stream().filter(v -> v.text("arg") == null).forEach(v -> s.out.println(v.text("name") + " = " + v.text("value")));
  }

  void where(String args) {
    s.requireStarted();
    if (args.trim().equals("all")) {
      for (MiValue t : ask("-thread-info").get("threads").items()) {
        s.out.println(name(t) + ":");
        frames(t.text("id"));
      }
      return;
    }
    frames(s.thread());
  }

  private void frames(String thread) {
    List<MiValue> frames = ask("-stack-list-frames" + (thread == null ? "" : " --thread " + thread)).get("stack").items();
    for (int i = 0; i < frames.size(); i++) {
      s.out.println("  [" + (i + 1) + "] " + frame(frames.get(i)));
    }
  }

  /** {@code journal (ledger.c:21)}, or {@code __libc_start_call_main (libc.so.6)} without line information. */
  private static String frame(MiValue f) {
    String func = f.text("func") == null ? "??" : f.text("func");
    if (f.text("file") != null) {
      return func + " (" + java.nio.file.Path.of(f.text("file")).getFileName() + ":" + f.text("line") + ")";
    }
    return func + " (" + (f.text("from") != null ? java.nio.file.Path.of(f.text("from")).getFileName() : "pc=" + f.text("addr")) + ")";
  }

  void upDown(String args, int direction) {
    s.requireStarted();
    int n;
    try {
      n = args.isBlank() ? 1 : Integer.parseInt(args.trim());
    } catch (NumberFormatException e) {
      throw new BadInput("up and down take a number of frames, not '" + args.trim() + "'");
    }
    List<MiValue> frames = ask("-stack-list-frames" + (s.thread() == null ? "" : " --thread " + s.thread())).get("stack").items();
    int target = s.frame() + direction * n;
    if (target < 0 || target >= frames.size()) {
      throw new BadInput(direction > 0 ? "that is above the outermost frame" : "that is below the innermost frame");
    }
    s.select(s.thread(), target);
    s.out.println("  [" + (target + 1) + "] " + frame(frames.get(target)));
  }

  void threads() {
    s.requireStarted();
    MiValue info = ask("-thread-info");
    for (MiValue t : info.get("threads").items()) {
      MiValue f = t.get("frame");
      s.out.println("  " + t.text("id") + " " + name(t) + " " + t.text("state") + (f == null ? "" : " at " + frame(f))
          + (t.text("id").equals(s.thread()) ? " (current)" : ""));
    }
  }

  void thread(String args) {
    s.requireStarted();
    String id = args.trim();
    if (!id.matches("\\d+")) {
      throw new BadInput("thread takes a thread's number from `threads`");
    }
    ask("-thread-select " + id);
    s.select(id, 0);
    s.out.println("Current thread is " + id);
  }

  void list(String args) {
    s.requireStarted();
    MiValue f = ask("-stack-info-frame " + s.frameOptions().trim()).get("frame");
    int current = f.text("line") == null ? -1 : Integer.parseInt(f.text("line"));
    int around;
    try {
      around = args.isBlank() ? current : Integer.parseInt(args.trim());
    } catch (NumberFormatException e) {
      throw new BadInput("list takes a line number, or nothing for the current line");
    }
    boolean any = false;
    for (int n = Math.max(1, around - 4); n <= around + 5; n++) {
      String line = s.lines.source(f, n, n == current);
      if (line != null) {
        s.out.println(line);
        any = true;
      }
    }
    if (!any) {
      throw new BadInput("no source here: gdb knows no file for this frame, or the file is not where the program was built");
    }
  }

  private static String name(MiValue t) {
    return t.text("name") != null ? t.text("name") : t.text("target-id");
  }

  private MiValue ask(String command) {
    try {
      return s.gdb.run(command).result().results();
    } catch (MiError e) {
      throw new BadInput(GdbRefusals.refusal(e.getMessage()));
    }
  }
}
