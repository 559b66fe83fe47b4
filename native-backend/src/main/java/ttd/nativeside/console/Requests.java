package ttd.nativeside.console;

import java.util.LinkedHashMap;
import java.util.Map;
import ttd.debug.BadInput;
import ttd.nativeside.mi.Gdb;
import ttd.nativeside.mi.MiError;
import ttd.nativeside.mi.MiRecord;
import ttd.nativeside.mi.MiValue;
import ttd.nativeside.mi.Reply;

/**
 * {@code stop at FILE:LINE}, {@code stop in FUNCTION}, {@code clear}, {@code watch EXPR},
 * {@code unwatch EXPR}: breakpoints and watches, set in gdb (which finds the addresses from the
 * program's debugging information) and kept by number so the console can list and remove them.
 */
final class Requests {

  private final NativeSession s;
  /** gdb's number of each breakpoint and watch the user set, and how the console names it. */
  private final Map<String, String> set = new LinkedHashMap<>();

  Requests(NativeSession s) {
    this.s = s;
  }

  void stop(String args) {
    String a = args.trim();
    String location;
    if (a.startsWith("at ")) {
      location = a.substring(3).trim();
      if (!location.matches("[^:\\s]+:\\d+")) {
        throw new BadInput("stop at takes FILE:LINE, e.g. stop at ledger.c:65");
      }
    } else if (a.startsWith("in ")) {
      location = a.substring(3).trim();
      if (location.isEmpty() || location.contains(" ")) {
        throw new BadInput("stop in takes a function name, e.g. stop in journal");
      }
    } else {
      throw new BadInput("stop at FILE:LINE or stop in FUNCTION");
    }
    Reply r;
    try {
      r = s.gdb.run("-break-insert -f " + Gdb.quote(location));
    } catch (MiError e) {
      throw new BadInput(GdbRefusals.refusal(e.getMessage()));
    }
    MiValue bkpt = r.get("bkpt");
    String name = "breakpoint " + location;
    set.put(bkpt.text("number"), name);
    if (bkpt.text("pending") != null) {
      s.out.println("Deferring " + name + ".");
      s.out.println("It will be set when a library that has it is loaded.");
    } else {
      s.out.println("Set " + name + (bkpt.text("file") == null ? "" : " (" + bkpt.text("func") + "(), " + java.nio.file.Path.of(bkpt.text("file")).getFileName() + ":" + bkpt.text("line") + ")"));
    }
  }

  void clear(String args) {
    String a = args.trim();
    if (a.isEmpty()) {
      s.out.println(set.isEmpty() ? "No breakpoints set." : "Breakpoints set:");
      set.values().forEach(n -> s.out.println("  " + n));
      return;
    }
    remove("breakpoint " + a, "no breakpoint at " + a + "; `clear` lists them");
  }

  void watch(String args) {
    String expr = args.trim();
    if (expr.isEmpty()) {
      throw new BadInput("watch what? e.g. watch bank.reserve");
    }
    if (expr.startsWith("access ") || expr.startsWith("all ")) {
      throw new BadInput("native watches see writes only (gdb's software watchpoints); `watch EXPR` stops where EXPR's memory changes");
    }
    if (!s.started()) {
      s.pendingWatches.add(expr);
      s.out.println("Deferring watch " + expr + ".");
      s.out.println("It will be set when the program starts (its memory has no address before).");
      return;
    }
    set(expr);
  }

  /** Sets the watch on {@code expr} in gdb, on the memory it names now. */
  void set(String expr) {
    Reply r;
    try {
      r = s.gdb.console(Watches.command(expr));
    } catch (MiError e) {
      throw new BadInput(GdbRefusals.refusal(e.getMessage()));
    }
    for (MiRecord a : r.async()) {
      if (a.klass().equals("breakpoint-created")) {
        set.put(a.get("bkpt").text("number"), "watch " + expr);
        s.out.println("Set watch " + expr + " (its memory: a write anywhere in the program stops there)");
        return;
      }
    }
    throw new BadInput("gdb set no watch on " + expr + ": " + r.console().trim());
  }

  void unwatch(String args) {
    String expr = args.trim();
    if (s.pendingWatches.remove(expr)) {
      s.out.println("Removed watch " + expr);
      return;
    }
    remove("watch " + expr, "no watch on " + expr + "; `clear` lists breakpoints and watches");
  }

  private void remove(String name, String none) {
    for (Map.Entry<String, String> e : set.entrySet()) {
      if (e.getValue().equals(name)) {
        s.gdb.run("-break-delete " + e.getKey());
        set.remove(e.getKey());
        s.out.println("Removed " + name);
        return;
      }
    }
    throw new BadInput(none);
  }

  /** Whether one of the user's breakpoints is at {@code addr} (the program stopped there for another reason). */
  boolean breakpointAt(String addr) {
    if (addr == null) {
      return false;
    }
    for (MiValue b : s.gdb.run("-break-list").get("BreakpointTable").get("body").items()) {
      if (set.containsKey(b.text("number")) && addr.equals(b.text("addr"))) {
        return true;
      }
    }
    return false;
  }
}
