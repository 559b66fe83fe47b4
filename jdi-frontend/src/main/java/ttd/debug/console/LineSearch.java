package ttd.debug.console;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.LocatableEvent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import ttd.debug.BadInput;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.requests.CodeLocation;
import ttd.debug.requests.LineArrivals;
import ttd.debug.requests.Motion;
import ttd.debug.time.Driver;
import ttd.debug.time.Interrupted;
import ttd.debug.time.Rung;
import ttd.debug.time.StopAddress;
import ttd.debug.time.TickWalk;

/**
 * reverse-step, reverse-next and reverse-finish, as gdb's: the last line start of the thread
 * before the current stop that is another line (step), another line of this frame or an outer
 * one (next), a line of an outer frame (finish). Found forwards in a window just before the stop:
 * a JVM from the nearest rung of the ladder pauses at the window's start, watches the thread's line
 * starts (for next and finish, only those of the methods on its stack: a long call in between
 * costs nothing) up to the window's end, and picks the last that counts. The first window starts
 * three ticks before the stop's own tick point and ends at the stop (reached by its {@link
 * StopAddress}); each next one starts four times as many ticks back and ends where the one before
 * began. Most lines are found in the first, a few ticks of replay after the rung, so most steps
 * take two JVMs from the rung, the window's and the landing's: as many as a rung keeps. The
 * landing pauses at the window's start while the window is scanned, then runs to that line start;
 * the console's new history is that line start's own address where the window tells it (the tick
 * it lies in, and how many times the thread reached it there).
 */
final class LineSearch {

  /**
   * One line start a window saw: its number among the observer's events, where, and what; {@code
   * initializer} is the depth of the innermost class initializer on the thread's stack (0: none).
   */
  private record Hit(long ordinal, long set, Position at, Location location, int depth, int initializer, String method, int line) {}

  /**
   * What one window saw, and the last line start in it that counts (null: none); {@code unborn}:
   * the thread did not exist yet at the window's start, so no earlier window holds its lines.
   */
  private record Window(List<Hit> hits, Hit found, boolean unborn) {}

  private final ConsoleSession s;

  LineSearch(ConsoleSession s) {
    this.s = s;
  }

  /** {@code kind}: "step", "next" or "finish". */
  void reverse(String kind) {
    if (!s.started()) {
      throw new BadInput("the program has not started yet, so there is nothing before this point");
    }
    s.requireReproducible();
    if (s.ended()) {
      throw new BadInput("the program has ended; reverse-continue or goto first, then step backwards");
    }
    String thread = s.threadName();
    ThreadReference t = s.thread();
    int depth;
    int line;
    String method;
    int initializer;
    Current current;
    Set<String> methods = new LinkedHashSet<>();
    try {
      List<StackFrame> frames = t.frames();
      depth = frames.size();
      line = frames.get(0).location().lineNumber();
      method = frames.get(0).location().method().toString();
      current = Current.of(frames.get(0).location(), depth, s.stop().position());
      initializer = initializerDepth(frames);
      for (int i = kind.equals("finish") ? 1 : 0; i < frames.size(); i++) {
        methods.add(LineArrivals.method(frames.get(i).location().method()));
      }
    } catch (IncompatibleThreadStateException e) {
      throw new BadInput("the thread is running; stop it first");
    }
    if (kind.equals("finish") && depth <= 1) {
      throw new BadInput("reverse-finish is not meaningful in the outermost frame");
    }
    String caller = kind.equals("finish") ? callerWithoutLines(t) : null;
    if (caller != null) {
      throw new BadInput("reverse-finish goes back to the call's line, but " + method.substring(0, method.indexOf('(')) + " was called by "
          + caller + ", which has no line a step stops at; reverse-step goes back to the line this thread ran before");
    }
    LineArrivals observer = new LineArrivals(thread, kind.equals("step") ? null : Set.copyOf(methods));
    StopAddress here = new StopAddresses(s).current();
    List<Position> windows = TickWalk.lineWindows(here.from(), s.driver().target()::stretch, kind.equals("step") ? 3 : 48);
    String title = kind.equals("finish") ? "Run back to call" : kind.equals("next") ? "Reverse next completed" : "Reverse step completed";
    try {
      for (int j = 0; j < windows.size(); j++) {
        Position start = windows.get(j);
        Rung r = nearest(start, here.landing(List.of()));
        Landing landing = new Landing(r, start);
        try {
          Window w = scan(r, start, j == 0 ? null : windows.get(j - 1), here, observer, h -> {
            if (h.initializer() > initializer) {
              return false; // a step does not enter the class initializers a line sets off
            }
            boolean sameLine = h.depth() == depth && h.line() == line && h.method().equals(method);
            switch (kind) {
              case "step":
                return !sameLine;
              case "next":
                return h.depth() <= depth && !sameLine;
              default:
                return h.depth() < depth;
            }
          });
          if (w.found() != null) {
            land(landing, observer, w, title, kind.equals("step") ? current : null);
            return;
          }
          if (w.unborn()) {
            break;
          }
        } finally {
          landing.discard();
        }
      }
    } catch (Interrupted e) {
      throw new BadInput("interrupted: the search stopped, and the console is still at position " + s.name(s.position()));
    } finally {
      s.running(null);
    }
    throw new BadInput(kind.equals("step")
        ? "no earlier line in this thread: this is its first line in the recording"
        : kind.equals("next")
            ? "no earlier line of this method or its callers in this thread: this is the first in the recording"
            : "no line of a calling method ran in this thread before this point");
  }

  /**
   * When no frame below the top one has a line a step stops at (a lambda run by a JDK pool: its
   * caller is the lambda's hidden class, then {@code CompletableFuture$AsyncSupply.run}), the
   * nearest caller's name; null when one has.
   */
  private static String callerWithoutLines(ThreadReference t) {
    try {
      List<StackFrame> frames = t.frames();
      String nearest = null;
      for (int i = 1; i < frames.size(); i++) {
        Location l = frames.get(i).location();
        String type = l.declaringType().name();
        if (!ttd.debug.replayvm.Target.stepExcluded(type) && l.lineNumber() > 0) {
          return null;
        }
        if (nearest == null && !type.contains("$$Lambda")) {
          nearest = type + "." + l.method().name();
        }
      }
      if (nearest == null) {
        return "code without lines";
      }
      boolean jdk = nearest.startsWith("java.") || nearest.startsWith("jdk.") || nearest.startsWith("sun.");
      return (jdk ? "the JDK's " : "") + nearest;
    } catch (IncompatibleThreadStateException e) {
      return null;
    }
  }

  /**
   * The last line start that {@code counts} between {@code start} and {@code end} (null: the
   * current stop, reached by {@code here}), seen by a JVM from {@code r}; null if there is none.
   */
  private Window scan(Rung r, Position start, Position end, StopAddress here, LineArrivals observer, java.util.function.Predicate<Hit> counts) {
    List<Hit> hits = new ArrayList<>();
    try (Driver d = RungJvms.reach(s, r)) {
      if (!start.equals(Position.START)) {
        performed(d, pause(start));
      }
      boolean unborn = d.target().vm().allThreads().stream().noneMatch(t -> t.name().equals(observer.thread()));
      d.searchWith(List.of(observer), (ordinal, e, index) -> {
        hits.add(hit(ordinal, d, e));
        return false;
      });
      long finalSet = -1;
      if (end != null) {
        performed(d, pause(end));
      } else {
        if (start.before(here.from())) {
          performed(d, pause(here.from()));
        }
        performed(d, Motion.seek(List.of(here.at()), here.arrival()));
        finalSet = d.target().eventSets();
      }
      for (int i = hits.size() - 1; i >= 0; i--) {
        if (hits.get(i).set() != finalSet && counts.test(hits.get(i))) {
          return new Window(hits, hits.get(i), unborn);
        }
      }
      return new Window(hits, null, unborn);
    }
  }

  private static Stop performed(Driver d, Motion m) {
    Stop st = d.perform(m);
    if (st.interrupted()) {
      throw new Interrupted();
    }
    if (st.ended()) {
      throw new IllegalStateException("the replay ended before " + (m.kind() == Motion.Kind.SEEK ? "the stop it went back from" : "position " + m.position().label()));
    }
    return st;
  }

  private static Motion pause(Position p) {
    return new Motion(Motion.Kind.PAUSE, null, p.event(), p.tick(), List.of(), List.of());
  }

  private static Hit hit(long ordinal, Driver d, LocatableEvent e) {
    int depth;
    int initializer;
    try {
      List<StackFrame> frames = e.thread().frames();
      depth = frames.size();
      initializer = initializerDepth(frames);
    } catch (IncompatibleThreadStateException x) {
      depth = -1;
      initializer = 0;
    }
    return new Hit(ordinal, d.target().eventSets(), d.target().observedAt(), e.location(), depth, initializer, e.location().method().toString(),
        e.location().lineNumber());
  }

  /**
   * The depth of the innermost class initializer on a stack ({@code frames}, top first), 0 if
   * none: a line start inside one that the current stop is not inside is not a line a forward step
   * stops at (the JVM runs a class's initializer on the first use of the class, and JDWP's steps do
   * not enter it), so reverse-step passes it too.
   */
  private static int initializerDepth(List<StackFrame> frames) {
    for (int i = 0; i < frames.size(); i++) {
      if (frames.get(i).location().method().isStaticInitializer()) {
        return frames.size() - i;
      }
    }
    return 0;
  }

  /** The nearest rung at or before {@code p} that {@code history} passes (null: the start). */
  private Rung nearest(Position p, List<Motion> history) {
    for (Rung r : s.ladder.on(history)) {
      if (!p.before(r.position())) {
        return r;
      }
    }
    return null;
  }

  /**
   * The landing's JVM, made ready beside the window's scan: from the same rung it pauses at the
   * window's start (with the user's requests, as the new history has them), which needs nothing
   * the scan finds, so the step waits for one replay from the rung, not two in a row. A window
   * with no line that counts discards it.
   */
  private final class Landing {

    final Position start;
    final List<Motion> toStart;
    final Rung rung;
    private final CompletableFuture<Driver> ready = new CompletableFuture<>();
    private boolean taken;

    Landing(Rung rung, Position start) {
      this.rung = rung;
      this.start = start;
      this.toStart = start.equals(Position.START)
          ? List.of()
          : List.of(new Motion(Motion.Kind.PAUSE, null, start.event(), start.tick(), List.copyOf(s.specs), List.of()));
      Thread t = new Thread(this::prepare, "ttd-landing");
      t.setDaemon(true);
      t.start();
    }

    private void prepare() {
      try {
        Driver d = RungJvms.reach(s, rung, x -> {});
        try {
          d.continueAlong(rung, toStart, null);
        } catch (RuntimeException e) {
          d.close();
          throw e;
        }
        ready.complete(d);
      } catch (RuntimeException | Error e) { // the step waits for this future: it must complete
        ready.completeExceptionally(e);
      }
    }

    /** The JVM at the window's start, marked as the one running; waits for it. */
    Driver take() {
      taken = true;
      Driver d;
      try {
        d = ready.join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
      }
      s.running(d.target());
      return d;
    }

    /** Closes the JVM once it is ready, unless {@link #take} took it. */
    void discard() {
      if (!taken) {
        ready.thenAccept(Driver::close);
      }
    }
  }

  /**
   * Lands on the line start {@code w} found: the landing's JVM, paused at the window's start, goes
   * on along the line start's own address where the window tells it (the window began at or
   * before its tick point: a pause there, then one breakpoint counting the thread's arrivals),
   * else it counts {@code observer}'s events from the window's start, which sets a breakpoint on
   * every line again (in library code, thousands: that took half of a step's time). The new
   * history is the path it went. For reverse-step ({@code current} non-null) it then steps forward
   * to the last stop a forward step makes before {@code current} ({@link #stepsOn}).
   */
  private void land(Landing l, LineArrivals observer, Window w, String title, Current current) {
    StopAddress address = addressOf(w, l.start, observer.thread());
    List<Motion> history = address != null
        ? address.landing(s.specs)
        : Motion.append(l.toStart, Motion.seek(List.of(observer), w.found().ordinal()));
    Driver landing = l.take();
    try {
      if (landing.continueAlong(l.rung, history, current == null ? s.specs : List.of()).interrupted()) {
        throw new Interrupted();
      }
      if (current != null) {
        Stepped stepped = stepsOn(landing, history, observer.thread(), current);
        history = stepped.history();
        if (stepped.reachedCurrent()) { // the last step went one too far: replay to the one before
          landing.close();
          landing = RungJvms.reach(s, l.rung);
          s.running(landing.target());
          if (landing.continueAlong(l.rung, history, s.specs).interrupted()) {
            throw new Interrupted();
          }
        } else {
          landing.requestsAt(history, s.specs);
        }
      }
    } catch (RuntimeException e) {
      landing.close();
      throw e;
    }
    s.switchTo(landing, history, title);
  }

  /** Where {@link #stepsOn} ended: the history to the last stop before the current one, and whether the JVM went past it. */
  private record Stepped(List<Motion> history, boolean reachedCurrent) {}

  /**
   * From the last line start before the current stop, the forward steps to the last stop a
   * forward step makes before it: a step stops at line starts and where a call returns into a
   * method with lines (mid-line), and between the line start and the current stop there are only
   * returns. It steps while the next stop cannot be the current one (the thread is deeper than
   * its frame, or in a frame that must return before the current one begins). A step that lands
   * on the current stop itself (a case the depths do not tell) leaves the JVM one step too far.
   */
  private Stepped stepsOn(Driver d, List<Motion> history, String thread, Current current) {
    List<Motion> at = history;
    Stop last = d.target().last();
    for (int i = 0; i < MAX_RETURNS && current.mayComeAfterReturns(last); i++) {
      Motion step = Motion.step(Motion.Kind.STEP_INTO, thread, List.of());
      Stop st = d.perform(step);
      if (st.interrupted()) {
        throw new Interrupted();
      }
      if (st.ended() || current.is(st)) {
        return new Stepped(at, true);
      }
      at = Motion.append(at, step);
      last = st;
    }
    return new Stepped(at, false);
  }

  /** At most this many returns are stepped through after a line start (a deeper stack is given up on). */
  private static final int MAX_RETURNS = 256;

  /** The stop a reverse-step starts from, as a forward step from the line start before it would meet it. */
  private record Current(String type, String method, String signature, long bci, int depth, boolean lineStart, boolean entry, Position position) {

    static Current of(Location l, int depth, Position position) {
      long first = Long.MAX_VALUE;
      boolean lineStart = false;
      try {
        for (Location x : l.method().allLineLocations()) {
          first = Math.min(first, x.codeIndex());
          lineStart |= x.codeIndex() == l.codeIndex();
        }
      } catch (com.sun.jdi.AbsentInformationException e) {
        // no lines: neither a line start nor a method's first line
      }
      return new Current(l.declaringType().name(), l.method().name(), l.method().signature(), l.codeIndex(), depth, lineStart, l.codeIndex() == first, position);
    }

    /** Whether {@code st} is this stop. */
    boolean is(Stop st) {
      Location l = st.events().get(0).location();
      return st.position().equals(position) && l.codeIndex() == bci && l.method().name().equals(method)
          && l.method().signature().equals(signature) && l.declaringType().name().equals(type) && depth(st) == depth;
    }

    /**
     * Whether a stop after {@code st} (a step's, or the line start's) comes before this one: the
     * thread is more than one frame deeper; one deeper and this stop is a line start (the return
     * is a stop of its own); or as deep while this stop is a method's first line (that frame
     * returns before this one begins).
     */
    boolean mayComeAfterReturns(Stop st) {
      if (st == null || st.events().isEmpty()) {
        return false;
      }
      int d = depth(st);
      return d > depth + 1 || d == depth + 1 && lineStart || d == depth && entry && !is(st);
    }

    private static int depth(Stop st) {
      try {
        return st.events().get(0).thread().frameCount();
      } catch (IncompatibleThreadStateException e) {
        return -1;
      }
    }
  }

  /**
   * The address of the line start {@code w} found, if the window (from {@code start}) saw every
   * arrival of the thread there since its tick point; else null.
   */
  private static StopAddress addressOf(Window w, Position start, String thread) {
    Hit h = w.found();
    Position from = h.at().tick() >= 0 && h.at().tick() != 1 ? h.at() : new Position(h.at().event(), 0, false);
    if (from.before(start)) {
      return null;
    }
    long arrivals = 0;
    for (Hit other : w.hits()) {
      if (other.ordinal() <= h.ordinal() && other.location().equals(h.location()) && atOrAfter(other.at(), from)) {
        arrivals++;
      }
    }
    Location l = h.location();
    return new StopAddress(from, new CodeLocation(l.declaringType().name(), l.method().name(), l.method().signature(), l.codeIndex(), thread), arrivals);
  }

  private static boolean atOrAfter(Position p, Position from) {
    return p.event() > from.event() || p.event() == from.event() && (from.tick() == 0 || p.tick() >= from.tick());
  }
}
