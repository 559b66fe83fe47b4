package ttd.nativeside.console;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ttd.nativeside.mi.Gdb;
import ttd.nativeside.mi.MiError;
import ttd.nativeside.mi.MiRecord;
import ttd.nativeside.mi.MiValue;

/**
 * Prints native stops in the console's shape: {@code Watchpoint hit: "thread=ledger", journal(),
 * ledger.c, line=21 pc=0x5555555551a0}, a watchpoint's values below it as they were before and
 * after the write ({@code   bank.reserve: 10000 -> -34}, in the program's order also when the
 * console ran backwards onto it), then the source line when gdb knows the file.
 */
final class StopLines {

  private final Gdb gdb;
  private final PrintStream out;
  private final Map<String, List<String>> sources = new HashMap<>();

  StopLines(Gdb gdb, PrintStream out) {
    this.gdb = gdb;
    this.out = out;
  }

  /**
   * A {@code *stopped} record; {@code title} (e.g. "Reverse step completed") replaces its headline
   * when not null and the motion ended as a step does, not at a breakpoint or watch on the way.
   */
  void print(MiRecord stopped, String title, boolean reverse) {
    MiValue r = stopped.results();
    String reason = r.text("reason") == null ? "" : r.text("reason");
    String thread = r.text("thread-id");
    MiValue frame = r.get("frame");
    boolean stepEnded = reason.isEmpty() || reason.equals("end-stepping-range") || reason.equals("function-finished");
    out.println((title != null && stepEnded ? title + ": " : headline(r, reason)) + where(thread, frame));
    if (reason.endsWith("watchpoint-trigger") || reason.equals("watchpoint-scope")) {
      MiValue value = r.get("value");
      MiValue wpt = r.get("wpt") != null ? r.get("wpt") : r.get("hw-awpt") != null ? r.get("hw-awpt") : r.get("hw-rwpt");
      String exp = wpt == null ? "?" : Watches.shown(wpt.text("exp"));
      if (value != null && value.text("old") != null) {
        // backwards, gdb calls the value after the write "old" and the one before it "new"
        String before = reverse ? value.text("new") : value.text("old");
        String after = reverse ? value.text("old") : value.text("new");
        out.println("  " + exp + ": " + before + " -> " + after);
      } else if (value != null && value.text("value") != null) {
        out.println("  " + exp + " = " + value.text("value") + " (read)");
      }
    }
    sourceLine(frame);
  }

  /** The current frame of {@code thread} (after a stop gdb did not describe): its where and source line. */
  void printFrame(MiRecord stopped, String thread) {
    MiValue frame = stopped == null ? null : stopped.get("frame");
    if (frame == null) {
      try {
        frame = gdb.run("-stack-info-frame" + (thread == null ? "" : " --thread " + thread)).get("frame");
      } catch (MiError e) {
        return;
      }
    }
    out.println("  at " + where(thread, frame));
    sourceLine(frame);
  }

  private static String headline(MiValue r, String reason) {
    switch (reason) {
      case "breakpoint-hit": return "Breakpoint hit: ";
      case "watchpoint-trigger": case "read-watchpoint-trigger": case "access-watchpoint-trigger": case "watchpoint-scope":
        return "Watchpoint hit: ";
      case "end-stepping-range": return "Step completed: ";
      case "function-finished": return "Step completed: ";
      case "signal-received":
        return "Signal " + r.text("signal-name") + " (" + r.text("signal-meaning") + "): ";
      case "exited-normally": return "The application exited: ";
      case "exited": return "The application exited with status " + r.text("exit-code") + ": ";
      default: return "Stopped: ";
    }
  }

  /** {@code "thread=ledger", journal(), ledger.c, line=21 pc=0x5555555551a0} */
  String where(String thread, MiValue frame) {
    if (frame == null) {
      return "(no frame)";
    }
    StringBuilder b = new StringBuilder();
    String name = threadName(thread);
    if (name != null) {
      b.append("\"thread=").append(name).append("\", ");
    }
    b.append(frame.text("func") == null ? "??" : frame.text("func")).append("()");
    if (frame.text("file") != null) {
      b.append(", ").append(Path.of(frame.text("file")).getFileName()).append(", line=").append(frame.text("line"));
    } else if (frame.text("from") != null) {
      b.append(", in ").append(Path.of(frame.text("from")).getFileName());
    }
    return b.append(" pc=").append(frame.text("addr")).toString();
  }

  private String threadName(String thread) {
    if (thread == null) {
      return null;
    }
    try {
      List<MiValue> threads = gdb.run("-thread-info " + thread).get("threads").items();
      if (!threads.isEmpty()) {
        String name = threads.get(0).text("name");
        return name != null ? name : threads.get(0).text("target-id");
      }
    } catch (MiError e) {
      // no such thread any more
    }
    return thread;
  }

  /** The source line of {@code frame} as the console shows it ({@code 21        code}), if the file is there. */
  void sourceLine(MiValue frame) {
    String line = source(frame, frame == null || frame.text("line") == null ? -1 : Integer.parseInt(frame.text("line")), false);
    if (line != null) {
      out.println(line);
    }
  }

  /** Line {@code number} of {@code frame}'s file ({@code =>} marks the current one), or null. */
  String source(MiValue frame, int number, boolean current) {
    if (frame == null || frame.text("fullname") == null || number < 1) {
      return null;
    }
    List<String> lines = sources.computeIfAbsent(frame.text("fullname"), StopLines::read);
    if (lines == null || number > lines.size()) {
      return null;
    }
    String n = Integer.toString(number);
    return n + (current ? " => " : "    ") + " ".repeat(Math.max(0, 4 - n.length())) + lines.get(number - 1);
  }

  private static List<String> read(String file) {
    try {
      return Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
