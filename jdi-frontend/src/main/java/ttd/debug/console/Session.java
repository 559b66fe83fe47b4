package ttd.debug.console;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ttd.debug.BadInput;
import ttd.debug.requests.Spec;
import ttd.debug.target.Launcher;
import ttd.debug.target.Position;
import ttd.debug.target.Stop;
import ttd.debug.target.Target;
import ttd.debug.time.Driver;
import ttd.debug.time.HitIndex;
import ttd.debug.time.Interrupted;
import ttd.debug.time.Ladder;
import ttd.debug.time.Motion;
import ttd.debug.time.Pool;

/**
 * What the console knows between commands: the replay JVM it shows and the history that brought
 * it there, the user's breakpoints and watchpoints (which outlive every JVM), the selected thread
 * and frame, and the positions it has named. Commands change it; motions go through {@link
 * #move}, and jumps in time through {@link #switchTo}.
 */
final class Session implements AutoCloseable {

  final PrintStream out;
  final Launcher launcher;
  final Pool pool;
  final Ladder ladder;
  final HitIndex index;
  final SourceFiles sources;
  final StopPrinter printer;
  final List<Spec> specs = new ArrayList<>();
  final Map<String, List<Motion>> named = new LinkedHashMap<>();
  final List<Checkpoint> checkpoints = new ArrayList<>();
  final ListedWrites writes = new ListedWrites();
  private Driver driver;
  private List<Motion> history = List.of();
  private String threadName;
  private int frame;
  /** Set when Ctrl-C stopped a run: that point cannot be reached again by replaying the history. */
  private boolean interrupted;
  /** The replay JVM a command is running now (a search's, or the one shown), for Ctrl-C. */
  private volatile Target running;
  /** Set while a command waits for the index of hits, which Ctrl-C then ends instead. */
  private volatile boolean waiting;
  private volatile boolean waitInterrupted;
  /** Told of every replay JVM the console shows, the first one included (see {@link ConsoleLink}). */
  private final List<java.util.function.Consumer<Target>> shownListeners = new ArrayList<>();
  /**
   * Requests another client set while the current motion ran, counted as set from its start (see
   * {@link ConsoleLink#addDuringMotion}).
   */
  private final List<Spec> backdated = new ArrayList<>();

  /** A position the user saved, and the history that reaches it. */
  record Checkpoint(int number, Position position, String where, List<Motion> history) {}

  Session(PrintStream out, Launcher launcher, Pool pool, Ladder ladder, SourceFiles sources) {
    this.out = out;
    this.launcher = launcher;
    this.pool = pool;
    this.ladder = ladder;
    this.index = new HitIndex(pool, Boolean.getBoolean("ttd.debug.awaitIndex"));
    this.sources = sources;
    this.printer = new StopPrinter(out, sources);
    this.driver = new Driver(pool.take(), out::println);
    driver.target().jvm().forwardOutput(true);
  }

  Driver driver() {
    return driver;
  }

  List<Motion> history() {
    return history;
  }

  /** The replay's last stop (null before {@code run}). */
  Stop stop() {
    return driver.target().last();
  }

  boolean started() {
    return driver.target().started();
  }

  boolean ended() {
    return driver.target().ended();
  }

  /** The position the console is at. */
  Position position() {
    Stop s = stop();
    return s == null ? Position.START : s.position();
  }

  /** The selected thread; {@link BadInput} if the replay is not stopped in one. */
  ThreadReference thread() {
    requireStopped();
    if (threadName == null) {
      throw new BadInput("no thread is selected; `threads` lists them and `thread NAME` selects one");
    }
    return driver.thread(threadName);
  }

  String threadName() {
    return threadName;
  }

  void selectThread(String name) {
    threadName = name;
    frame = 0;
  }

  int frameIndex() {
    return frame;
  }

  void selectFrame(int index) {
    frame = index;
  }

  StackFrame frame() {
    try {
      return thread().frame(frame);
    } catch (IncompatibleThreadStateException e) {
      throw new BadInput("the thread is running; stop it first");
    }
  }

  void requireStopped() {
    if (!started()) {
      throw new BadInput("the program has not started yet; `run` starts it");
    }
    if (ended()) {
      throw new BadInput(endedSentence());
    }
  }

  String endedSentence() {
    Stop s = stop();
    return "the program has ended"
        + (s.exitStatus() == null ? "" : " (status " + s.exitStatus() + ")")
        + "; go back with reverse-continue, goto, restart or the other reverse commands";
  }

  /** Performs a motion in the current JVM, adds it to the history and shows where it stopped. */
  void move(Motion m, String title) {
    moveTitled(m, stop -> title);
  }

  /** The same, with the title made from where it stopped. */
  void moveTitled(Motion m, java.util.function.Function<Stop, String> title) {
    moveTitled(List.of(m), title);
  }

  /**
   * Performs {@code motions} in turn in the current JVM (up to one that Ctrl-C interrupts), adds
   * each to the history, places the ladder's rungs in each, and shows where the last stopped.
   */
  void moveTitled(List<Motion> motions, java.util.function.Function<Stop, String> title) {
    if (driver.target().perturbed()) {
      out.println("(code ran in the replay for an evaluation and may have given objects identity hashes; going on in a fresh replay of the same history, so the program runs as recorded)");
      switchTo(replayed(history), history);
    }
    Stop s = null;
    for (Motion m : motions) {
      s = performed(m);
      if (s.interrupted()) {
        break;
      }
    }
    shown(s, title.apply(s));
  }

  private Stop performed(Motion m) {
    Stop s = ladder.perform(driver, history, m, driver.target().started() ? position() : Position.START);
    if (!backdated.isEmpty()) {
      m = m.withRequests(backdated);
      backdated.clear();
    }
    history = Motion.append(history, m);
    interrupted |= s.interrupted();
    return s;
  }

  /** The JVM to interrupt on Ctrl-C: a search's while one runs, else the one shown. */
  Target running() {
    Target r = running;
    return r != null ? r : driver.target();
  }

  /**
   * Ctrl-C: ends the command's wait for the index of hits if it is waiting, else stops the JVM it
   * runs.
   */
  void interrupt() {
    if (waiting) {
      waitInterrupted = true;
    } else {
      running().interrupt();
    }
  }

  /** Whether the command waits for the index of hits now. */
  boolean waiting() {
    return waiting;
  }

  /**
   * The hits of {@code spec} in the whole recording, indexing it now and waiting for it (null if
   * the index failed); {@link Interrupted} if Ctrl-C ends the wait.
   */
  HitIndex.Hits indexedNow(Spec spec) {
    waitInterrupted = false;
    waiting = true;
    try {
      return index.hitsNow(spec, () -> waitInterrupted);
    } finally {
      waiting = false;
    }
  }

  /** Marks {@code t} as the JVM a command is running now (null: the one shown). */
  void running(Target t) {
    running = t;
  }

  /** Refuses what needs to replay the history when a Ctrl-C made it unrepeatable. */
  void requireReproducible() {
    if (interrupted) {
      throw new BadInput("a run stopped with Ctrl-C is not a point a replay can reach again; goto an event or restart a checkpoint first");
    }
  }

  /**
   * Makes {@code next} the JVM the console shows, at the end of {@code itsHistory}, and shows its
   * stop under {@code title} (null: the stop's own headline).
   */
  void switchTo(Driver next, List<Motion> itsHistory, String title) {
    switchTo(next, itsHistory);
    shown(stop(), title);
  }

  /** Makes {@code next} the JVM the console shows, silently. */
  void switchTo(Driver next, List<Motion> itsHistory) {
    Driver old = driver;
    driver = next;
    history = itsHistory;
    interrupted = false;
    next.notes(out::println);
    next.target().jvm().forwardOutput(true);
    if (old != next) {
      old.close();
      shownListeners.forEach(l -> l.accept(next.target()));
    }
  }

  /** Tells {@code l} of the JVM shown now and of every one shown from now on. */
  void onShown(java.util.function.Consumer<Target> l) {
    shownListeners.add(l);
    l.accept(driver.target());
  }

  /** Counts {@code spec} as one of the requests of the motion running now, from its start. */
  void backdate(Spec spec) {
    backdated.add(spec);
  }

  private void shown(Stop s, String title) {
    driver.target().jvm().drainOutput();
    if (s != null && !s.ended() && s.thread() != null) {
      threadName = s.thread().name();
      frame = 0;
    }
    if (s != null) {
      printer.print(s, title);
    }
  }

  /**
   * A JVM at the end of {@code target} with the user's requests, replayed silently: parked there,
   * or gone on from the nearest rung on the way ({@link RungJvms#at}).
   */
  Driver replayed(List<Motion> target) {
    return RungJvms.at(this, target);
  }

  /** Names the current position so that {@code goto LABEL} can come back to it. */
  String name(Position p) {
    String label = p.label();
    List<Motion> known = named.get(label);
    if (known != null && !known.equals(history)) {
      int n = 2;
      while (named.containsKey(label + "~" + n) && !named.get(label + "~" + n).equals(history)) {
        n++;
      }
      label = label + "~" + n;
    }
    named.put(label, history);
    return label;
  }

  @Override
  public void close() {
    index.close();
    driver.close();
    pool.close();
  }
}
