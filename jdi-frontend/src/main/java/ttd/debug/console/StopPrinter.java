package ttd.debug.console;

import com.sun.jdi.Location;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.AccessWatchpointEvent;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.ModificationWatchpointEvent;
import com.sun.jdi.event.StepEvent;
import java.io.PrintStream;
import ttd.debug.code.ProgramBci;
import ttd.debug.eval.Values;
import ttd.debug.replayvm.Stop;

/**
 * Prints stops in jdb's shape, which scripts read: {@code Breakpoint hit: "thread=main",
 * shop.Cart.add(), line=42 bci=17}, a watchpoint's old and new value below it, then the source
 * line when the sources are known.
 */
final class StopPrinter {

  private final PrintStream out;
  private final SourceFiles sources;
  private final ProgramBci code;

  StopPrinter(PrintStream out, SourceFiles sources, ProgramBci code) {
    this.out = out;
    this.sources = sources;
    this.code = code;
  }

  /** {@code title} replaces the event's own (e.g. "Reverse step completed"); null keeps it. */
  void print(Stop s, String title) {
    if (s.ended()) {
      out.println(
          s.exitStatus() == null
              ? "The application exited"
              : "The application exited with status " + s.exitStatus());
      return;
    }
    if (s.events().isEmpty()) {
      out.println("Interrupted at event " + s.position().event());
      return;
    }
    boolean breakpoint = s.events().stream().anyMatch(e -> e instanceof BreakpointEvent);
    LocatableEvent shown = null;
    for (LocatableEvent e : s.events()) {
      if (title == null && ((shown != null && e instanceof BreakpointEvent) || (breakpoint && e instanceof StepEvent))) {
        continue; // one line for a location, however many requests fired there: a step that ends on a breakpoint hit it
      }
      out.println((title != null ? title + ": " : headline(e)) + where(e.thread(), e.location()));
      if (e instanceof ModificationWatchpointEvent) {
        ModificationWatchpointEvent w = (ModificationWatchpointEvent) e;
        out.println("  " + w.field().name() + ": " + Values.show(w.valueCurrent()) + " -> " + Values.show(w.valueToBe()));
      } else if (e instanceof AccessWatchpointEvent) {
        AccessWatchpointEvent w = (AccessWatchpointEvent) e;
        out.println("  " + w.field().name() + " = " + Values.show(w.valueCurrent()) + " (read)");
      }
      shown = e;
      if (title != null) {
        break;
      }
    }
    sourceLine(shown.location());
  }

  void sourceLine(Location l) {
    String line = sources.line(l, l.lineNumber(), false);
    if (line != null) {
      out.println(line);
    }
  }

  private String headline(LocatableEvent e) {
    if (e instanceof BreakpointEvent) {
      return "Breakpoint hit: ";
    }
    if (e instanceof ModificationWatchpointEvent || e instanceof AccessWatchpointEvent) {
      return "Watchpoint hit: ";
    }
    if (e instanceof ExceptionEvent) {
      ExceptionEvent x = (ExceptionEvent) e;
      return "Exception occurred: " + x.exception().referenceType().name()
          + (x.catchLocation() == null ? " (uncaught) " : " (to be caught at: " + where(null, x.catchLocation()) + ") ");
    }
    if (e instanceof StepEvent) {
      return "Step completed: ";
    }
    return "Stopped: ";
  }

  /**
   * {@code "thread=main", shop.Cart.add(), line=42 bci=17}: the bci is the program's own, as
   * {@code javap -c} shows it, not the offset in the code ttd's agent rewrote ({@link ProgramBci}).
   */
  String where(ThreadReference thread, Location l) {
    return (thread == null ? "" : "\"thread=" + thread.name() + "\", ")
        + l.declaringType().name() + "." + l.method().name() + "(), line=" + l.lineNumber() + " bci=" + code.of(l);
  }
}
