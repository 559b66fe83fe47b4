package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.IntegerValue;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.StepEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.StepRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JDK's own JDI (com.sun.jdi, as IDEs use it) attached to {@code ttd debug --jdwp} as an IDE
 * would: it attaches mid-run, sets a breakpoint, and then it and the console move the one shared
 * position forwards and backwards twenty times; each stop is checked against the recording's
 * values and the console's {@code locals}, with the thread, type and method mirrors the client
 * got first, and objects from earlier positions are the same object or collected, never another.
 * A Suspend (the IDE's Pause) while a long reverse-continue runs stops the search, and the
 * client, the console and the replay stay where they were and go on from there.
 */
class JdwpJdiClientTest {

  private static final String PIPELINE = "ttd.samples.corruption.OrderPipeline";
  private static final String ORDER = PIPELINE + "$Order";
  private static final long[] CATALOG_CENTS = {499, 1250, 899, 3999, 2450, 650, 7999};

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  /** What step 2 of OrderPipeline passes to setTotal for order {@code k} (its k-th call). */
  private static long cents(int k) {
    return CATALOG_CENTS[(k * 3) % CATALOG_CENTS.length] * (k % 4 == 0 ? 3 : 1);
  }

  static VirtualMachine attach(int port) throws Exception {
    AttachingConnector socket = Bootstrap.virtualMachineManager().attachingConnectors().stream()
        .filter(a -> a.name().equals("com.sun.jdi.SocketAttach")).findFirst().orElseThrow();
    Map<String, Connector.Argument> args = socket.defaultArguments();
    args.get("hostname").setValue("127.0.0.1");
    args.get("port").setValue(Integer.toString(port));
    args.get("timeout").setValue("60000");
    return socket.attach(args);
  }

  /** The next event set that suspends, with its first locatable event. */
  static LocatableEvent stop(VirtualMachine vm, JdwpConsole c) throws InterruptedException {
    long deadline = System.nanoTime() + Exec.TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      EventSet set = vm.eventQueue().remove(1000);
      if (set == null || set.suspendPolicy() == EventRequest.SUSPEND_NONE) {
        continue;
      }
      for (Event e : set) {
        if (e instanceof LocatableEvent) {
          return (LocatableEvent) e;
        }
      }
    }
    throw new AssertionError("the client got no stop within " + Exec.TIMEOUT.toSeconds() + " s:" + c.describe());
  }

  /** One move of the shared position and the order whose setTotal call it must land on. */
  private record Move(String who, int order) {}

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void twentyMovesOfClientAndConsoleEachShowTheRecordedStopWithStableIds(Jvm jvm) throws Exception {
    Path recording = Sample.ORDER_PIPELINE.sharedRecording(jvm);
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop at " + PIPELINE + ":67");
      c.type("run");
      c.await("Breakpoint hit: \"thread=main\", " + PIPELINE.replace(".", "\\.") + "\\.main\\(\\), line=67");
      VirtualMachine vm = attach(c.port);
      LocatableEvent first = stop(vm, c);
      assertEquals(67, first.location().lineNumber(), "the client attaches at the console's position" + c.describe());
      ThreadReference main = first.thread();
      assertEquals("main", main.name());
      ReferenceType order = vm.classesByName(ORDER).get(0);
      Method setTotal = order.methodsByName("setTotal").get(0);
      Field id = order.fieldByName("id");
      BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(setTotal.location());
      bp.enable();

      List<Move> moves = List.of(
          new Move("resume", 1), new Move("resume", 2), new Move("resume", 3), new Move("reverse-continue", 2),
          new Move("reverse-continue", 1), new Move("cont", 2), new Move("reverse resume", 1), new Move("resume", 2),
          new Move("resume", 3), new Move("resume", 4), new Move("reverse resume", 3), new Move("reverse resume", 2),
          new Move("cont", 3), new Move("cont", 4), new Move("resume", 5), new Move("reverse-continue", 4),
          new Move("reverse resume", 3), new Move("resume", 4), new Move("cont", 5), new Move("resume", 6));
      List<ObjectReference> seen = new ArrayList<>();
      boolean reverse = false;
      for (Move m : moves) {
        boolean fromClient = m.who().endsWith("resume");
        if (fromClient && reverse != m.who().startsWith("reverse")) {
          reverse = !reverse;
          c.type("direction " + (reverse ? "reverse" : "forward"));
          c.await("^The debugger's Resume and steps run " + (reverse ? "backwards" : "forwards"));
        }
        if (fromClient) {
          vm.resume();
        } else {
          c.type(m.who());
        }
        LocatableEvent e = stop(vm, c);
        String at = "after " + m + ":" + c.describe();
        assertTrue(e instanceof BreakpointEvent && e.request() == bp, "a stop of the client's breakpoint, not " + e + " " + at);
        assertSame(main, e.thread(), "the thread keeps its id " + at);
        assertSame(order, e.location().declaringType(), "the type keeps its id " + at);
        assertEquals(setTotal, e.location().method(), "the method keeps its id " + at);
        StackFrame top = e.thread().frame(0);
        long cents = ((LongValue) top.getValue(top.visibleVariableByName("cents"))).value();
        assertEquals(cents(m.order()), cents, "setTotal of order " + m.order() + " " + at);
        c.type("locals");
        assertEquals(Long.toString(cents), c.await("^cents = (\\d+)$"), "the console shows what the client shows " + at);
        if (fromClient) {
          // the client resumed, so JDI asked anew for the frames: `this` is the object of this moment
          ObjectReference self = top.thisObject();
          assertEquals(m.order(), ((com.sun.jdi.IntegerValue) self.getValue(id)).value(), at);
          assertEquals(2, e.thread().frameCount(), at);
          c.type("where");
          c.await("^  \\[1\\] " + ORDER.replace(".", "\\.").replace("$", "\\$") + "\\.setTotal \\(OrderPipeline\\.java:37\\)$");
          c.await("^  \\[2\\] " + PIPELINE.replace(".", "\\.") + "\\.main \\(OrderPipeline\\.java:72\\)$");
          assertEquals(72, e.thread().frame(1).location().lineNumber(), at);
          seen.add(self);
        }
        for (ObjectReference earlier : seen) {
          try {
            int was = ((com.sun.jdi.IntegerValue) earlier.getValue(id)).value();
            assertTrue(was >= 1 && was <= 6 && earlier.referenceType() == order, "an earlier Order is still an Order " + at);
          } catch (ObjectCollectedException collected) {
            // an object of another replay JVM: answered as collected, as the issue asks
          }
        }
      }

      // toString(), as IDEs render values, answers and leaves the replay as it was
      StackFrame top = main.frame(0);
      String shown = ((StringReference) top.thisObject().invokeMethod(main, order.methodsByName("toString").get(0), List.of(), 0)).value();
      assertTrue(shown.startsWith("Order#6[") && shown.endsWith(", total=0, open]"), shown + c.describe());

      // history is read-only: setting a local is refused with an error, and the console says why
      assertThrows(RuntimeException.class, () -> main.frame(0).setValue(main.frame(0).visibleVariableByName("cents"), vm.mirrorOf(5L)));
      c.await("^ttd: the debugger asked for StackFrame\\.SetValues");

      // Drop Frame: a reverse step out, to main's call of setTotal
      main.popFrames(main.frame(0));
      assertEquals("main", main.frame(0).location().method().name(), c.describe());
      assertEquals(72, main.frame(0).location().lineNumber(), c.describe());
      c.await("Run back to call: \"thread=main\", " + PIPELINE.replace(".", "\\.") + "\\.main\\(\\), line=72");
      vm.resume();
      LocatableEvent after = stop(vm, c);
      assertEquals(cents(6), ((LongValue) after.thread().frame(0).getValue(after.thread().frame(0).visibleVariableByName("cents"))).value(),
          "the replay was not disturbed by toString() or the refused set" + c.describe());
      vm.dispose();
      c.await("ttd: the debugger detached");
      c.type("quit");
    }
  }

  /** Main joins two workers, which sum a loop. */
  private static final String PAIR = String.join("\n",
      "public class Pair {",
      "  static long total;",
      "  public static void main(String[] args) throws Exception {",
      "    Thread worker = new Thread(Pair::work, \"worker\");",
      "    Thread other = new Thread(Pair::work, \"other\");",
      "    worker.start();",
      "    other.start();",
      "    worker.join();",
      "    other.join();",
      "    System.out.println(\"total \" + total);",
      "  }",
      "  static void work() {",
      "    for (int i = 0; i < 3; i++) {",
      "      total += i;",
      "    }",
      "  }",
      "}",
      "");

  /**
   * A thread that waits for its turn in the replay (main, joining the stopped worker; the other
   * worker, at its start, reading its part of the log) has ttd's code on top of its stack; a
   * client sees the program's and the JDK's frames only, as the console's {@code where} shows
   * them, and reads their values by the frame ids it got.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void aThreadWaitingForItsTurnShowsAClientOnlyTheProgramsFrames(Jvm jvm) throws Exception {
    Path work = Scratch.dir("jdwp-waiting-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Pair", PAIR);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Pair");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop in Pair.work");
      c.type("run");
      c.await("Breakpoint hit: \"thread=(worker|other)\", Pair\\.work\\(\\), line=13 ");
      VirtualMachine vm = attach(c.port);
      stop(vm, c);
      ThreadReference main = vm.allThreads().stream().filter(t -> t.name().equals("main")).findFirst().orElseThrow();
      List<StackFrame> frames = main.frames();
      List<String> names = new ArrayList<>();
      for (StackFrame f : frames) {
        names.add(f.location().declaringType().name() + "." + f.location().method().name());
      }
      assertEquals(List.of("Pair.main"), names, "the join is a call into ttd's scheduler, whose frames are left out" + c.describe());
      assertEquals(frames.size(), main.frameCount(), names + c.describe());
      for (ThreadReference t : vm.allThreads()) {
        if (t.name().equals("worker") || t.name().equals("other")) {
          for (StackFrame f : t.frames()) {
            String type = f.location().declaringType().name();
            assertFalse(type.startsWith("ttd."), t.name() + " shows " + type + c.describe());
          }
        }
      }
      StackFrame bottom = main.frame(main.frameCount() - 1);
      assertEquals(1, bottom.getArgumentValues().size(), "main's args read through the frame id it was given" + c.describe());
      c.type("where all");
      c.await("^  \\[1(-\\d+)?\\] \\(ttd's own code: the thread waits for its turn in the replay\\)$");
      vm.dispose();
      c.await("ttd: the debugger detached");
      c.type("quit");
    }
  }

  /** Sums a loop after {@code begin}, then reports through a class it loads only then. */
  private static final String LATE = String.join("\n",
      "public class Late {",
      "  public static void main(String[] args) {",
      "    begin();",
      "    long sum = 0;",
      "    for (int i = 0; i < 5000; i++) {",
      "      sum += i % 7;",
      "    }",
      "    Report.print(sum);",
      "  }",
      "  static void begin() {",
      "  }",
      "  static int twice(int x) { return 2 * x; }",
      "}",
      "class Report {",
      "  static void print(long sum) {",
      "    System.out.println(\"sum \" + sum);",
      "  }",
      "}",
      "");

  /**
   * An IDE sets its breakpoints as their classes load: the client's class-prepare request pauses
   * the console's motion inside, the breakpoint it sets there counts from the motion's start, and
   * the ladder's rungs inside that motion lie on the history that holds it: after the client calls
   * methods (as an IDE renders values: an object's and a static one, which passes over a breakpoint
   * the client set in it), the fresh replay of that
   * history starts from a rung of that motion, not from one before it.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void rungsInAMotionAClientSetABreakpointInAsItsClassLoadedServeTheReplayAfterACall(Jvm jvm) throws Exception {
    Path work = Scratch.dir("jdwp-late-class-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Late", LATE);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Late");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0",
        List.of("-Dttd.debug.rungTicks=400", "-Dttd.debug.traceRungs=true", "-Dttd.debug.hitIndex=false"))) {
      c.type("stop in Late.begin");
      c.type("run");
      c.await("Breakpoint hit: \"thread=main\", Late\\.begin\\(\\), line=11 ");
      VirtualMachine vm = attach(c.port);
      stop(vm, c);
      ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
      prepare.addClassFilter("Report");
      prepare.enable();
      vm.resume();
      ClassPrepareEvent prepared = null;
      for (long end = System.nanoTime() + Exec.TIMEOUT.toNanos(); prepared == null && System.nanoTime() < end; ) {
        EventSet set = vm.eventQueue().remove(1000);
        for (Event e : set == null ? List.<Event>of() : set) {
          if (e instanceof ClassPrepareEvent) {
            prepared = (ClassPrepareEvent) e;
          }
        }
      }
      assertTrue(prepared != null, "the client saw Report load" + c.describe());
      Method print = prepared.referenceType().methodsByName("print").get(0);
      vm.eventRequestManager().createBreakpointRequest(print.location()).enable();
      vm.resume();
      LocatableEvent hit = stop(vm, c);
      assertEquals("print", hit.location().method().name(), c.describe());
      awaitLadderParked(c);
      ThreadReference main = hit.thread();
      Method getName = main.referenceType().methodsByName("getName").get(0);
      assertEquals("main", ((StringReference) main.invokeMethod(main, getName, List.of(), 0)).value(), c.describe());
      ClassType late = (ClassType) vm.classesByName("Late").get(0);
      Method twice = late.methodsByName("twice").get(0);
      vm.eventRequestManager().createBreakpointRequest(twice.location()).enable();
      assertEquals(42, ((IntegerValue) late.invokeMethod(main, twice, List.of(vm.mirrorOf(21)), 0)).value(),
          "a static call answers too (ClassType.InvokeMethod names the class before the thread), passing over the"
              + " client's breakpoint in the called method" + c.describe());
      c.type("next");
      c.await("going on in a fresh replay of the same history");
      String from = c.await("^\\((a replay from (the start|the rung at position \\S+)|a replay JVM parked there(, from the rung at position \\S+)?)\\)$");
      assertTrue(from.contains("the rung at position ") && !from.endsWith("the rung at position 0.0"),
          "the replay after the call (the spare parked from the call on, or one the step starts) starts from a rung inside"
              + " the motion the client's breakpoint stopped, not: " + from + c.describe());
      c.await("^Step completed: \"thread=main\", Report\\.print\\(\\), line=17 ");
      vm.dispose();
      c.await("ttd: the debugger detached");
      c.type("quit");
    }
  }

  /** Waits until {@code info checkpoints} shows every JVM of the ladder arrived at its rung. */
  private static void awaitLadderParked(JdwpConsole c) {
    for (long end = System.nanoTime() + Exec.TIMEOUT.toNanos(); System.nanoTime() < end; ) {
      c.type("info checkpoints");
      c.console.type("when");
      String ladder = c.await("(?ms)^(Ladder \\(.*?)^> when$");
      if (!ladder.matches("(?s).*: [01] of 2 replay JVMs parked.*")) {
        return;
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
    throw new AssertionError("the ladder's JVMs did not arrive" + c.describe());
  }

  /** Hashes for five seconds of its recorded clock between {@code begin} and {@code finish}. */
  private static final String SPINNER = String.join("\n",
      "public class Spinner {",
      "  static long rounds;",
      "  public static void main(String[] args) throws Exception {",
      "    java.security.MessageDigest sha = java.security.MessageDigest.getInstance(\"SHA-256\");",
      "    byte[] data = new byte[1024];",
      "    begin();",
      "    long end = System.nanoTime() + 5_000_000_000L;",
      "    while (System.nanoTime() < end) {",
      "      for (int i = 0; i < 20; i++) {",
      "        data = sha.digest(data).length == 32 ? data : new byte[1];",
      "      }",
      "      rounds++;",
      "    }",
      "    finish();",
      "  }",
      "  static void begin() {",
      "    rounds = 0;",
      "  }",
      "  static void finish() {",
      "    long seen = rounds;",
      "    System.out.println(\"rounds \" + seen);",
      "  }",
      "}",
      "");

  /**
   * The IDE's Pause (VirtualMachine.Suspend) while its Resume runs a reverse-continue back over the
   * whole recording (the ladder and the index are off, so the search replays it all): the search
   * stops, the console says it is still where it was and {@code when} agrees, the client's thread
   * is in {@code finish} still, the breakpoint at the start was not reached, and the client's next
   * step goes on from there, where the console's {@code where} shows it too.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void aPauseDuringALongReverseContinueLeavesClientAndConsoleWhereTheyWere(Jvm jvm) throws Exception {
    Path work = Scratch.dir("jdwp-reverse-pause-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Spinner", SPINNER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Spinner");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0", List.of("-Dttd.debug.rungSpacingMs=0", "-Dttd.debug.hitIndex=false"))) {
      c.type("stop in Spinner.finish");
      c.type("run");
      c.await("Breakpoint hit: \"thread=main\", Spinner\\.finish\\(\\), line=20 ");
      c.type("when");
      String position = c.await("^position (\\S+) \\(event ");
      VirtualMachine vm = attach(c.port);
      ThreadReference main = stop(vm, c).thread();
      c.type("stop in Spinner.begin");
      c.type("direction reverse");
      c.await("^The debugger's Resume and steps run backwards");
      vm.resume();
      c.await("^\\(debugger\\) reverse-continue$");
      vm.suspend();
      c.await("interrupted: the search stopped, and the console is still at position " + java.util.regex.Pattern.quote(position));
      assertEquals("finish", main.frame(0).location().method().name(), "the client is where the console stayed" + c.describe());
      assertEquals(20, main.frame(0).location().lineNumber(), c.describe());
      c.type("when");
      assertEquals(position, c.await("^position (\\S+) \\(event "), "the console did not move" + c.describe());
      assertFalse(c.describe().contains("Spinner.begin(), line="), "the search was stopped before it reached begin" + c.describe());

      c.type("direction forward");
      c.await("^The debugger's Resume and steps run forwards");
      StepRequest step = vm.eventRequestManager().createStepRequest(main, StepRequest.STEP_LINE, StepRequest.STEP_OVER);
      step.addCountFilter(1);
      step.enable();
      vm.resume();
      LocatableEvent e = stop(vm, c);
      while (e.request() != step) {
        assertTrue(e.request() == null && e.location().lineNumber() == 20, "only the stop the interrupted Resume reported, where it stayed: "
            + e + c.describe());
        e = stop(vm, c);
      }
      assertTrue(e instanceof StepEvent, e + c.describe());
      assertEquals(21, e.location().lineNumber(), "the step went on from finish's first line" + c.describe());
      c.await("^Step completed: \"thread=main\", Spinner\\.finish\\(\\), line=21 ");
      c.type("where");
      c.await("^  \\[1\\] Spinner\\.finish \\(Spinner\\.java:21\\)$");
      vm.dispose();
      c.await("ttd: the debugger detached");
      c.type("quit");
    }
  }
}
