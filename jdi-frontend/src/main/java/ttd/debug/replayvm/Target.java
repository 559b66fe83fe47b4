package ttd.debug.replayvm;

import com.sun.jdi.ClassLoaderReference;
import com.sun.jdi.ClassObjectReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.InvocationException;
import com.sun.jdi.Method;
import com.sun.jdi.ModuleReference;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadGroupReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.MethodEntryEvent;
import com.sun.jdi.event.VMStartEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.StepRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One replay JVM as the console drives it: runs it until something stops it, keeps its position
 * (event index and tick from {@code ttd.runtime.ReplayPosition}; where the scheduler publishes no
 * tick, the console's stops since that event), and runs
 * code in it only inside the replay's evaluation bracket.
 *
 * <p>Every request suspends all threads, so while the console looks at a stop nothing moves.
 */
public final class Target implements AutoCloseable {

  static final String POSITION_CLASS = PositionFields.CLASS;
  /** ttd's own classes (hooks run inside program frames), which even a walk into the JDK's code passes over. */
  static final String[] TTD_EXCLUDES = {
    "ttd.runtime.*", "ttd.agent.*", "ttd.log.*", "ttd.launch.*", "net.openhft.*", "org.objectweb.*", "org.slf4j.*", "org.jline.*",
  };
  /** Classes a step passes over: the JDK's and ttd's own. */
  public static final String[] STEP_EXCLUDES = java.util.stream.Stream.concat(
      java.util.stream.Stream.of("java.*", "javax.*", "jdk.*", "sun.*", "com.sun.*"), java.util.stream.Stream.of(TTD_EXCLUDES)).toArray(String[]::new);

  /** Whether a goto's walk to a place passes over the named class: ttd's own, or one the JVM generates. */
  public static boolean walkExcluded(String className) {
    return generatedOrIn(className, TTD_EXCLUDES);
  }

  /**
   * Whether a step passes over the named class: one of {@link #STEP_EXCLUDES}, or a class the JVM
   * generates (a lambda's, a hidden class: {@code Foo$$Lambda/0x...}), which has no lines to stop at.
   */
  public static boolean stepExcluded(String className) {
    return generatedOrIn(className, STEP_EXCLUDES);
  }

  /** Whether the named class is one the JVM generates or matches one of {@code patterns} ({@code pkg.*}). */
  private static boolean generatedOrIn(String className, String[] patterns) {
    if (className.contains("$$Lambda") || className.contains("/0x")) {
      return true;
    }
    for (String pattern : patterns) {
      if (className.startsWith(pattern.substring(0, pattern.length() - 1))) {
        return true;
      }
    }
    return false;
  }

  private final ReplayJvm jvm;
  private final VirtualMachine vm;
  private final PositionFields fields;
  private final StopEvents events = new StopEvents(this::readEvent);
  private boolean started;
  private Stop last;
  private long lastEvent = Long.MIN_VALUE;
  private long tick;
  private String perturbation;
  private final List<String> passedOver = new ArrayList<>();
  private Runnable onPerturbed = () -> {};
  /** Set while a motion runs (and may pause inside, for a client that reads as a class loads). */
  private volatile boolean awaiting;
  private final boolean tagsHashObjects;
  private volatile boolean interruptRequested;
  private long sets;
  private final RunClock clock = new RunClock();

  public Target(ReplayJvm jvm) {
    this.jvm = jvm;
    this.vm = jvm.vm();
    this.fields = new PositionFields(vm);
    this.tagsHashObjects = tagsHashObjects(vm.version());
    try {
      EventSet first = vm.eventQueue().remove(60_000);
      if (first == null || !(first.iterator().next() instanceof VMStartEvent)) {
        throw new IllegalStateException("the replay JVM did not start under the debugger");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a replay JVM started");
    }
    ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
    prepare.addClassFilter(POSITION_CLASS);
    prepare.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    prepare.putProperty(Role.KEY, Role.PREPARE);
    prepare.enable();
    events.onClassPrepare(type -> {
      if (type.name().equals(POSITION_CLASS)) {
        fields.noteStretches(); // from the first event on, for the reverse line steps
        vm.eventRequestManager().deleteEventRequest(prepare);
        BreakpointRequest start =
            vm.eventRequestManager().createBreakpointRequest(type.methodsByName("consumed").get(0).location());
        start.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        start.putProperty(Role.KEY, Role.START);
        start.enable();
      }
    });
  }

  /**
   * The length in ticks of the stretch after event {@code event} (the ticks the thread holding
   * the baton ran until the next event), if it is one of the last events before where the stopped
   * replay is; else -1.
   */
  public long stretch(long event) {
    return fields.stretch(event, readEvent());
  }

  public VirtualMachine vm() {
    return vm;
  }

  public ReplayJvm jvm() {
    return jvm;
  }

  public boolean started() {
    return started;
  }

  public boolean ended() {
    return last != null && last.ended();
  }

  /** The stop the replay is at (null before it started). */
  public Stop last() {
    return last;
  }

  /**
   * Whether the console may have given objects here identity hashes the program did not: by code it
   * ran ({@link #invoke}), or by reading objects on a JDK whose JVMTI tags hash them ({@link
   * #exposed}). The next motion then goes on in a fresh replay of the same history.
   */
  public boolean perturbed() {
    return perturbation != null;
  }

  /** What perturbed this JVM, as the clause of a sentence; null if nothing did. */
  public String perturbation() {
    return perturbation;
  }

  /**
   * Notes that the console, or a client through it, now holds {@code v}. The debugger's agent in
   * the replay JVM (JDWP) tags every object it hands out, and from JDK 20 on JVMTI keys its tags
   * by the object's identity hash: an object read from a stopped replay gets its hash there, drawn
   * on JDWP's own thread, and the program's own first hash of it later draws nothing, so every
   * later hash of that thread differs from the recording's (measured on 25: {@code print a},
   * then {@code cont}, printed other hashes than the recording; 17 keys its tags otherwise).
   * Threads, their groups and the JDK's class loaders get their hashes from the agent before the
   * program can see them, and class objects were seen to keep the program's hashes as recorded (a
   * deferred breakpoint tags its class before the program first uses it), so holding those
   * changes nothing; modules are not counted either (not measured). Returns {@code v}.
   */
  public <V extends Value> V exposed(V v) {
    if (tagsHashObjects && perturbation == null && v instanceof ObjectReference && !hashedBeforeSeen((ObjectReference) v)) {
      perturb("the debugger read objects of the replay, which on this JDK gives them identity hashes");
    }
    return v;
  }

  private void perturb(String why) {
    boolean first = perturbation == null;
    perturbation = why;
    if (first && !awaiting) {
      onPerturbed.run();
    }
  }

  /**
   * Tells {@code r} when this JVM, stopped between motions, is first {@linkplain #perturbed()
   * perturbed} (not when a motion paused inside it is: it stands at no end of a history).
   */
  public void onPerturbed(Runnable r) {
    onPerturbed = r;
  }

  /**
   * Threads, their groups and the JDK's own class loaders (the agent hashes them before the
   * program can see them), class objects and modules.
   */
  private static boolean hashedBeforeSeen(ObjectReference o) {
    if (o instanceof ClassLoaderReference) {
      return o.referenceType().name().startsWith("jdk.internal.loader.ClassLoaders$");
    }
    return o instanceof ThreadReference || o instanceof ThreadGroupReference || o instanceof ClassObjectReference
        || o instanceof ModuleReference;
  }

  /** Whether a JVM of this {@link VirtualMachine#version()} hashes the objects a debugger tags (JDK 20+). */
  static boolean tagsHashObjects(String version) {
    try {
      return Runtime.Version.parse(version).feature() >= 20;
    } catch (IllegalArgumentException e) {
      return true; // unknown: assume it does, which costs a fresh replay, never fidelity
    }
  }

  /** Who decides, from now on, whether a hit of a conditional request counts. */
  public void conditions(Conditions c) {
    events.conditions(c);
  }

  /**
   * Tells {@code listener} when the program starts, at the replay's first event: the agent has
   * rewritten the classes loaded before it by then, and HotSpot drops the breakpoints a
   * redefinition finds in a class, so requests set in them before must be set again.
   */
  public void onProgramStart(Runnable listener) {
    events.onProgramStart(listener);
  }

  public void onClassPrepare(Consumer<ReferenceType> listener) {
    events.onClassPrepare(listener);
  }

  /**
   * Tells {@code listener} of each method entry a {@link Role#FOLLOW} request reports; one it
   * answers true for counts as its observer's event (the arrival at the method's first line).
   */
  public void onMethodEntry(java.util.function.Predicate<MethodEntryEvent> listener) {
    events.onMethodEntry(listener);
  }

  /** Observes observer requests from now on; their events are numbered from 1. */
  public void observe(Observer o) {
    events.observe(o);
  }

  /** Asks a running replay to stop (Ctrl-C); the current motion returns an interrupted stop. */
  public void interrupt() {
    interruptRequested = true;
  }

  /** Drops a stop request this JVM has not acted on (it was not running when asked). */
  public void forgetInterrupt() {
    interruptRequested = false;
  }

  /** Lets the replay run until a user request, a step, a goto or an observer stops it. */
  public Stop resume() {
    started = true;
    vm.resume();
    return await();
  }

  /** One step of {@code thread}: {@link StepRequest#STEP_INTO}, {@code STEP_OVER} or {@code STEP_OUT}. */
  public Stop step(ThreadReference thread, int depth) {
    return step(thread, StepRequest.STEP_LINE, depth);
  }

  /**
   * One step of {@code thread} of {@code size} ({@link StepRequest#STEP_LINE} or {@code STEP_MIN}).
   * A line step that ends where there is no line (a method of a class the JVM generates, a
   * lambda's {@code $$Lambda} proxy, which JDWP's class patterns cannot name) goes on the same way
   * until it reaches one, as a step filter in an IDE does.
   */
  Stop step(ThreadReference thread, int size, int depth) {
    return step(thread, size, depth, STEP_EXCLUDES);
  }

  /**
   * One step of {@code thread} that passes over the classes {@code excludes} names (a line step
   * also over places without a line).
   */
  Stop step(ThreadReference thread, int size, int depth, String[] excludes) {
    Stop s = stepOnce(thread, size, depth, excludes);
    while (size == StepRequest.STEP_LINE && withoutLine(s)) {
      s = stepOnce(thread, size, depth, excludes);
    }
    return s;
  }

  /** Whether {@code s} is only a finished step, at a location without a line. */
  private static boolean withoutLine(Stop s) {
    if (s.ended() || s.interrupted() || s.events().isEmpty()) {
      return false;
    }
    for (LocatableEvent e : s.events()) {
      if (e.request() == null || e.request().getProperty(Role.KEY) != Role.STEP || e.location().lineNumber() >= 0) {
        return false;
      }
    }
    return true;
  }

  private Stop stepOnce(ThreadReference thread, int size, int depth, String[] excludes) {
    EventRequestManager erm = vm.eventRequestManager();
    erm.deleteEventRequests(List.copyOf(erm.stepRequests())); // JDI allows one step per thread
    StepRequest step = erm.createStepRequest(thread, size, depth);
    for (String pattern : excludes) {
      step.addClassExclusionFilter(pattern);
    }
    step.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    step.putProperty(Role.KEY, Role.STEP);
    step.enable();
    try {
      return resume();
    } finally {
      // a breakpoint, a catch or the end stopped the replay before the step completed: the step
      // is over all the same (as in jdb), and must not complete later, inside another motion
      if (!ended()) {
        erm.deleteEventRequests(List.copyOf(erm.stepRequests()));
      }
    }
  }

  /**
   * Runs to position {@code to}, ignoring breakpoints and watchpoints, then on into the program's
   * code; just after the next event if that tick does not exist. The replay must not be past it.
   */
  public Stop gotoPosition(Position to) {
    return new GotoEvent(this, to, true).run();
  }

  /**
   * Runs to position {@code to} and stays there, inside ttd's code (a rung of the ladder). Not a
   * stop: the ticks of later stops are what they would be without it.
   */
  public Stop pauseAt(Position to) {
    long stopEvent = lastEvent;
    long stopTick = tick;
    Stop s = new GotoEvent(this, to, false).run();
    lastEvent = stopEvent; // where nobody holds the baton, later stops count from the last real stop
    tick = stopTick;
    return s;
  }

  Stop finishPause(Stop reached) {
    if (reached.ended() || reached.interrupted()) {
      return reached;
    }
    last = Stop.paused(new Position(readEvent(), Math.max(0, fields.tick()), false));
    return last;
  }

  /** From the tick {@code to} names ({@code reached}) into the program's code, and on to its place if it has one. */
  Stop finishGoto(Stop reached, Position to) {
    if (reached.ended() || reached.thread() == null) {
      return reached;
    }
    lastEvent = Long.MIN_VALUE;
    // at a hand-over of the baton the thread that passed it stopped here and now waits for it:
    // the goto goes on in the thread that runs from this position, as every replay does
    ThreadReference on = fields.runningThread();
    ProgramEntry entry = new ProgramEntry(this);
    ThreadReference thread = on != null ? on : reached.thread();
    Stop out = to.place() != null && to.place().method() != null ? entry.stepIntoAnyCode(thread) : entry.step(thread);
    if (to.place() != null && !out.ended() && !out.interrupted()) {
      out = new PlaceWalk(this, jvm.programBci()).walk(out, to);
    }
    tick = 0;
    last = out.ended() ? out : Stop.at(out.events(), new Position(out.position().event(), Math.max(0, fields.tick()), false));
    return last;
  }

  /** While {@code muted}, the user's requests do not stop the replay (a goto, a pause). */
  void muteUser(boolean muted) {
    events.muteUser(muted);
  }

  /** {@code ReplayPosition} in this JVM. */
  PositionFields positionFields() {
    return fields;
  }

  Stop await() {
    awaiting = true;
    try {
      return awaited();
    } finally {
      awaiting = false;
    }
  }

  private Stop awaited() {
    clock.resumed();
    fields.resumed();
    try {
      while (true) {
        EventSet set = vm.eventQueue().remove(20);
        if (interruptRequested) {
          interruptRequested = false;
          vm.suspend();
          clock.stopped();
          last = Stop.at(List.of(), readPosition(false));
          return last;
        }
        clock.tick(fields::sample);
        if (set == null) {
          continue;
        }
        sets++;
        List<LocatableEvent> stops = events.stopsIn(set, vm);
        if (stops == null) {
          return atEnd();
        }
        if (!stops.isEmpty()) {
          clock.stopped();
          last = Stop.at(stops, readPosition(true));
          return last;
        }
        vm.resume();
      }
    } catch (VMDisconnectedException e) {
      return atEnd();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      vm.suspend();
      last = Stop.at(List.of(), readPosition(false));
      return last;
    }
  }

  private Stop atEnd() {
    clock.stopped();
    try {
      vm.resume();
    } catch (VMDisconnectedException e) {
      // gone already
    }
    last = Stop.end(jvm.exitStatus(), new Position(lastEvent, 0, true));
    return last;
  }

  private Position readPosition(boolean counts) {
    long e = readEvent();
    long published = fields.tick();
    if (counts) {
      tick = e == lastEvent ? tick + 1 : 1;
      lastEvent = e;
    }
    return new Position(e, published >= 0 ? published : tick, false);
  }

  /** How long this JVM has run, and where it was meanwhile. */
  public RunClock clock() {
    return clock;
  }

  /** How many event sets the replay has sent so far (the current one included). */
  public long eventSets() {
    return sets;
  }

  /** Where the (stopped) replay is as published: (last event, tick), tick -1 if nobody runs. */
  public Position observedAt() {
    return new Position(readEvent(), fields.tick(), false);
  }

  /** The index of the last event the replay consumed, -1 before the first. */
  public long readEvent() {
    return fields.event();
  }

  ClassType positionClass() {
    return fields.type();
  }

  /**
   * Invokes a method in the replay on {@code thread} inside the replay's evaluation bracket (see
   * {@link Invocation}); afterwards this JVM is {@link #perturbed()}.
   */
  public Value invoke(ThreadReference thread, ObjectReference object, ClassType type, Method m, List<Value> args)
      throws InvocationException {
    perturb("code ran in the replay for an evaluation and may have given objects identity hashes");
    return Invocation.run(positionClass(), thread, object, type, m, args, passedOver::add);
  }

  /**
   * Where the calls since the last take met a request that would have stopped them (a breakpoint
   * in the called code), each passed over; the list is emptied.
   */
  public List<String> takePassedOver() {
    List<String> taken = List.copyOf(passedOver);
    passedOver.clear();
    return taken;
  }

  /** Sets a static long of ReplayPosition (the class must be prepared). */
  void setPositionField(String name, long value) {
    fields.set(name, value);
  }

  @Override
  public void close() {
    jvm.close();
  }
}
