package ttd.debug.console;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.LocatableEvent;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import ttd.debug.BadInput;
import ttd.debug.replayvm.Launcher;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Role;
import ttd.debug.replayvm.Stop;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;
import ttd.debug.time.Driver;
import ttd.debug.time.HitIndex;
import ttd.debug.time.Interrupted;
import ttd.debug.time.Ladder;
import ttd.debug.time.Pool;

/**
 * What the console knows between commands: the replay JVM it shows and the history that brought
 * it there, the user's breakpoints and watchpoints (which outlive every JVM), the selected thread
 * and frame, and the positions it has named. Commands change it; motions go through {@link
 * #move}, and jumps in time through {@link #switchTo}. (Not the agent's {@code
 * ttd.agent.session.Session}, which runs the hooks inside a recorded or replayed JVM.)
 */
final class ConsoleSession implements AutoCloseable {

  final PrintStream out;
  final Launcher launcher;
  final Pool pool;
  final Ladder ladder;
  final HitIndex index;
  final SourceFiles sources;
  final StopPrinter printer;
  final List<Spec> specs = new ArrayList<>();
  final Map<String, List<Motion>> named = new LinkedHashMap<>();
  /** The name given to each stop ({@link #stopKey}). */
  private final Map<List<String>, String> labels = new java.util.HashMap<>();
  final List<Checkpoint> checkpoints = new ArrayList<>();
  final ListedWrites writes = new ListedWrites();
  private Driver driver;
  private List<Motion> history = List.of();
  private List<Set<Spec>> fired = new ArrayList<>();
  /** {@link #fired} of every history the console made motion by motion, for when it comes back to one. */
  private final Map<List<Motion>, List<Set<Spec>>> firedAlong = new java.util.HashMap<>();
  private String threadName;
  private int frame;
  /** Set when Ctrl-C stopped a run: that point cannot be reached again by replaying the history. */
  private boolean interrupted;
  /** Set when a command failed half-way: the shown JVM may not be at the end of the history. */
  private boolean distrusted;
  /** The replay JVM a command is running now (a search's, or the one shown), for Ctrl-C. */
  private volatile Target running;
  /**
   * Set by Ctrl-C (or a debugger's Suspend) during a command: each JVM the command runs from then
   * on is interrupted too, so one that arrives while a search is still taking its JVM is not lost.
   */
  private boolean interruptPending;
  /** The JVMs told to stop during the command: one that was not running keeps the request, which must not outlive the command. */
  private final List<Target> interruptedTargets = new ArrayList<>();
  /** Guards the two fields above: Ctrl-C and a debugger's Suspend come from other threads. */
  private final Object interruptLock = new Object();
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

  private final java.util.Set<Object> noted = new java.util.HashSet<>();

  /** Prints {@code note} the first time this session is told about {@code what}, and never again. */
  void noteOnce(Object what, String note) {
    if (noted.add(what)) {
      out.println(note);
    }
  }

  /** A position the user saved, and the history that reaches it. */
  record Checkpoint(int number, Position position, String where, List<Motion> history) {}

  ConsoleSession(PrintStream out, Launcher launcher, Pool pool, Ladder ladder, SourceFiles sources) {
    this.out = out;
    this.launcher = launcher;
    this.pool = pool;
    this.ladder = ladder;
    this.index = new HitIndex(pool, Boolean.getBoolean("ttd.debug.awaitIndex"));
    this.sources = sources;
    this.printer = new StopPrinter(out, sources, launcher.programBci());
    this.driver = new Driver(pool.take(), out::println);
    driver.user().onDropped(specs::remove);
    driver.target().jvm().forwardOutput(true);
    driver.target().onPerturbed(this::spare);
  }

  /**
   * The JVM shown is perturbed and will be retired at the next motion: a JVM starts parking at
   * the end of the history now, so that the motion finds it there or on its way.
   */
  private void spare() {
    if (started() && !ended() && !interrupted && !distrusted) {
      ladder.spare(history, List.copyOf(specs));
    }
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

  /**
   * A command failed half-way ({@link Failures}): the next motion goes on from a fresh replay of
   * the history instead of this JVM, which may have moved.
   */
  void distrust() {
    distrusted = true;
  }

  /** Whether the replay has started and is stopped in the program (not at its end, not interrupted). */
  boolean startedAndStopped() {
    try {
      return started() && !ended() && stop() != null && !stop().interrupted();
    } catch (RuntimeException e) {
      return false;
    }
  }

  boolean started() {
    return driver.target().started();
  }

  boolean ended() {
    return driver.target().ended();
  }

  private long lastEvent = -2;

  /** The number of the recording's last event in the global order (-1: none). */
  long lastEvent() {
    if (lastEvent == -2) {
      long[] last = {-1};
      long[] count = {0};
      ttd.cli.launch.RecordedEvents.read(launcher.recording(), e -> {
        last[0] = Math.max(last[0], e.global());
        count[0]++;
        return true;
      });
      lastEvent = last[0] >= 0 || count[0] == 0 ? last[0] : count[0] - 1; // a recording before the global order: its count
    }
    return lastEvent;
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
      out.println("(" + driver.target().perturbation() + "; going on in a fresh replay of the same history, so the program runs as recorded)");
      switchTo(replayed(history), history);
    } else if (distrusted && started()) {
      switchTo(replayed(history), history);
    }
    distrusted = false;
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
    List<Motion> before = history;
    Stop s = ladder.perform(driver, before, m, driver.target().started() ? position() : Position.START, done -> {
      Motion as = backdated.isEmpty() ? done : done.withRequests(backdated);
      backdated.clear();
      history = Motion.append(before, as);
      return as;
    });
    interrupted |= s.interrupted();
    if (fired != null) {
      fired.add(firedAt(s));
      firedAlong.put(history, List.copyOf(fired));
    }
    return s;
  }

  /** The user's specs whose requests stopped the replay at {@code s}. */
  private static Set<Spec> firedAt(Stop s) {
    Set<Spec> specs = new HashSet<>();
    for (LocatableEvent e : s.events()) {
      if (e.request() != null && e.request().getProperty(Role.KEY) == Role.USER && e.request().getProperty(Spec.class) != null) {
        specs.add((Spec) e.request().getProperty(Spec.class));
      }
    }
    return specs;
  }

  /**
   * For each motion of the history, the user's specs that stopped it (its stop was their hit), when
   * the console made the whole history itself, motion by motion from the start; else null (a
   * search, a goto or a restart put a history there whose stops it did not see).
   */
  List<Set<Spec>> firedAlongHistory() {
    return fired == null ? null : List.copyOf(fired);
  }

  /** The JVM to interrupt on Ctrl-C: a search's while one runs, else the one shown. */
  Target running() {
    Target r = running;
    return r != null ? r : driver.target();
  }

  /**
   * Ctrl-C: ends the command's wait for the index of hits if it is waiting, else stops the JVM it
   * runs and each one it runs after, until {@link #commandEnded} (one that comes as a debugger's
   * motion is about to start stops that motion).
   */
  void interrupt() {
    if (waiting) {
      waitInterrupted = true;
      return;
    }
    synchronized (interruptLock) {
      interruptPending = true;
      interrupt(running());
    }
  }

  private void interrupt(Target t) {
    interruptedTargets.add(t);
    t.interrupt();
  }

  /** The command has ended: a Ctrl-C during it is spent, in every JVM it reached. */
  void commandEnded() {
    synchronized (interruptLock) {
      interruptPending = false;
      for (Target t : interruptedTargets) {
        t.forgetInterrupt();
      }
      interruptedTargets.clear();
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
    synchronized (interruptLock) {
      if (t != null && interruptPending) {
        interrupt(t);
      }
    }
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

  /**
   * Makes {@code next}, replayed to the end of the first {@code motions} motions of the history,
   * the JVM the console shows, and shows its stop as it was shown then.
   */
  void switchToPrefix(int motions, Driver next) {
    switchTo(next, List.copyOf(history.subList(0, motions)), null);
  }

  /** Makes {@code next} the JVM the console shows, silently. */
  void switchTo(Driver next, List<Motion> itsHistory) {
    Driver old = driver;
    driver = next;
    List<Set<Spec>> known = itsHistory.equals(history) ? fired : firedAlong.get(itsHistory);
    fired = known == null ? null : new ArrayList<>(known);
    history = itsHistory;
    interrupted = false;
    distrusted = false;
    next.notes(out::println);
    next.user().onDropped(specs::remove);
    next.target().jvm().forwardOutput(true);
    next.target().onPerturbed(this::spare);
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

  /**
   * Names the current stop so that {@code goto LABEL} comes back to it: its position {@code
   * EVENT.TICK@FRAMES:BCI} (with its {@link #place()}, which a goto in any replay walks to), and where the session already named another stop at that position (the lines run
   * between two ticks share one; a tick is a method entry or a loop back-edge), {@code
   * EVENT.TICK~N} for the N-th stop named there. The same stop keeps its name however the console
   * came back to it; {@link #stopKey} tells stops apart.
   */
  String name(Position p) {
    List<String> key = stopKey(p);
    String label = labels.get(key);
    if (label == null) {
      String plain = p.at(place()).label();
      label = plain;
      for (int n = 2; named.containsKey(label); n++) {
        label = plain + "~" + n;
      }
      labels.put(key, label);
    }
    named.put(label, history);
    return label;
  }

  /**
   * Where the current stop is inside its tick (null if it has no thread, or stopped in ttd's code
   * or a generated class, which a goto's walk to the place passes over): the stopped thread's
   * frame count and the program's own offset of its top frame, as the stop line prints it, and the
   * top method's name where it does not tick at its entry (the JDK's code, a bridge).
   */
  Position.Place place() {
    return place(stop());
  }

  /** {@link #place()} of the stop {@code st} (of any of the session's replay JVMs). */
  Position.Place place(Stop st) {
    return place(st == null || st.ended() ? null : st.thread());
  }

  /** {@link #place()} of the thread {@code t}, stopped at an event (null: none). */
  Position.Place place(ThreadReference t) {
    if (t == null) {
      return null;
    }
    try {
      com.sun.jdi.Location top = t.frame(0).location();
      if (Target.walkExcluded(top.declaringType().name())) {
        return null;
      }
      return ttd.debug.replayvm.PlaceWalk.placeOf(t, launcher.programBci());
    } catch (IncompatibleThreadStateException e) {
      return null;
    }
  }

  /**
   * What tells the current stop from another at the same position: the stopped thread and where
   * each of its frames is (a line of a method called twice in one tick differs by its caller's
   * place; only a method without calls run twice by JDK code in one tick, a sort's comparator
   * say, stops twice at one place with the same frames). A lambda's frame is named without its
   * class's number and address ({@code Iter$$Lambda$237/0x00007f43c8186000}), which differ from one
   * replay JVM to the next (the number with what else spun lambdas there): with them, a
   * reverse-continue back to a stop seen before named it anew, {@code ~2}.
   */
  /** A hidden class's number and address in its name, {@code $$Lambda$237/0x00007f43c8186000} (JDK 17) or {@code $$Lambda/0x...}. */
  private static final java.util.regex.Pattern HIDDEN_CLASS_ADDRESS = java.util.regex.Pattern.compile("(\\$\\$Lambda)(\\$\\d+)?/0x[0-9a-f]+");

  private List<String> stopKey(Position p) {
    List<String> key = new ArrayList<>(List.of(p.label()));
    Stop st = stop();
    ThreadReference t = st == null ? null : st.thread();
    if (t != null) {
      key.add(t.name());
      try {
        for (StackFrame f : t.frames()) {
          key.add(HIDDEN_CLASS_ADDRESS.matcher(f.location().method().toString()).replaceAll("$1") + "@" + f.location().codeIndex());
        }
      } catch (IncompatibleThreadStateException e) {
        key.add("(running)");
      }
    }
    return key;
  }

  @Override
  public void close() {
    index.close();
    driver.close();
    pool.close();
  }
}
