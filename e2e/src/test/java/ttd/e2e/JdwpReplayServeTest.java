package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.event.VMStartEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ttd replay REC --jdwp 0} serves the time-travelling JDWP server: the JDK's JDI attaches
 * with SocketAttach at the start, sets a breakpoint in a class not loaded yet, goes back with the
 * vendor ReverseContinue (sent on JDI's own connection), and runs to the end, where it gets
 * VMDeathEvent and then the disconnect, as from a JVM; the replay prints the program's output
 * once and exits with its status, as a plain replay does.
 */
class JdwpReplayServeTest {

  private static final String ORDER = "ttd.samples.corruption.OrderPipeline$Order";
  private static final long[] CATALOG_CENTS = {499, 1250, 899, 3999, 2450, 650, 7999};

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  /** What step 2 of OrderPipeline passes to setTotal for order {@code k} (its k-th call). */
  private static long cents(int k) {
    return CATALOG_CENTS[(k * 3) % CATALOG_CENTS.length] * (k % 4 == 0 ? 3 : 1);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void aJdiClientGoesBackThenRunsToTheVmDeathAndTheReplayEndsAsAPlainOne(Jvm jvm) throws Exception {
    Path recording = Sample.ORDER_PIPELINE.sharedRecording(jvm);
    Outcome plain = TtdRun.replay(jvm, recording);
    Exec serve = serve(jvm, recording);
    VirtualMachine vm = JdwpJdiClientTest.attach(port(serve));

    List<String> seen = new ArrayList<>();
    ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
    prepare.addClassFilter(ORDER);
    prepare.enable();
    BreakpointRequest bp = null;
    List<Long> hits = new ArrayList<>();
    String reverseText = null;
    boolean disconnected = false;
    vm.resume();
    while (!disconnected) {
      EventSet set = vm.eventQueue().remove(Exec.TIMEOUT.toMillis());
      if (set == null) {
        throw new AssertionError("no event for " + Exec.TIMEOUT.toSeconds() + " s after " + seen);
      }
      boolean hold = false;
      for (Event e : set) {
        seen.add(e.getClass().getSimpleName());
        if (e instanceof ClassPrepareEvent) {
          ReferenceType order = ((ClassPrepareEvent) e).referenceType();
          Method setTotal = order.methodsByName("setTotal").get(0);
          bp = vm.eventRequestManager().createBreakpointRequest(setTotal.location());
          bp.enable();
        } else if (e instanceof BreakpointEvent) {
          long cents = ((LongValue) ((BreakpointEvent) e).thread().frame(0).getArgumentValues().get(0)).value();
          hits.add(cents);
          if (hits.size() == 2) {
            reverseText = VendorPackets.reverseContinue(vm);
            hold = true; // still suspended: the stop of the reverse move comes as the next event set
          }
          if (hits.size() == 3) {
            bp.disable();
          }
        } else if (e instanceof VMDisconnectEvent) {
          disconnected = true;
        }
      }
      if (!hold) {
        set.resume();
      }
    }
    Outcome served = serve.await();

    assertEquals(List.of(cents(1), cents(2), cents(1)), hits, "order 1, order 2, back to order 1: " + seen + served.describe());
    assertTrue(reverseText.contains("Breakpoint hit: \"thread=main\", " + ORDER + ".setTotal()"), reverseText);
    assertEquals(VMStartEvent.class.getSimpleName() + "Impl", seen.get(0), seen.toString());
    int death = seen.indexOf(VMDeathEvent.class.getSimpleName() + "Impl");
    assertTrue(death > 0 && seen.get(seen.size() - 1).equals(VMDisconnectEvent.class.getSimpleName() + "Impl")
        && death == seen.size() - 2, "VM death, then the disconnect, last: " + seen);
    assertEquals(plain.exitStatus(), served.exitStatus(), served.describe());
    assertEquals(plain.stdout(), served.stdout(), "the program's output, once, as a plain replay prints it" + served.describe());
    assertTrue(served.stderr().contains("ttd: the replay reached the recording's end; the debugger was told the program ended"),
        served.describe());
  }

  /** {@code ttd replay REC --jdwp 0}, started. */
  private static Exec serve(Jvm jvm, Path recording) {
    return Exec.start(List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay",
        recording.toAbsolutePath().toString(), "--jdwp", "0"), recording.toAbsolutePath().getParent(), new byte[0]);
  }

  /** The port {@code replay --jdwp 0} says it waits on. */
  static int port(Exec serve) throws InterruptedException {
    Pattern waits = Pattern.compile("ttd: the replay waits for a debugger on 127\\.0\\.0\\.1:(\\d+)");
    long deadline = System.nanoTime() + Exec.TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      Matcher m = waits.matcher(new String(serve.stderrSoFar(), StandardCharsets.UTF_8));
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      Thread.sleep(50);
    }
    throw new AssertionError("replay --jdwp announced no port: " + new String(serve.stderrSoFar(), StandardCharsets.UTF_8));
  }

  /**
   * A client that reads objects at a stop, as an IDE's variables view does, and runs on: the
   * program's output is still the recorded one (from JDK 20 on, the objects it was handed got
   * identity hashes in that replay JVM, so ttd goes on in a fresh one).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void objectsAClientReadsAtAStopKeepTheirRecordedHashes(Jvm jvm) throws Exception {
    Path recording = Scratch.dir("jdwp-look-" + jvm.label()).resolve("recording");
    Outcome recorded = EvaluationUnderTheConsoleTest.recordLookedAt(jvm, recording);
    Exec serve = serve(jvm, recording);
    VirtualMachine vm = JdwpJdiClientTest.attach(port(serve));
    ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
    prepare.addClassFilter("Looked");
    prepare.enable();
    List<String> read = new ArrayList<>();
    boolean disconnected = false;
    vm.resume();
    while (!disconnected) {
      EventSet set = vm.eventQueue().remove(Exec.TIMEOUT.toMillis());
      if (set == null) {
        throw new AssertionError("no event for " + Exec.TIMEOUT.toSeconds() + " s after reading " + read);
      }
      for (Event e : set) {
        if (e instanceof ClassPrepareEvent) {
          ReferenceType looked = ((ClassPrepareEvent) e).referenceType();
          vm.eventRequestManager().createBreakpointRequest(looked.locationsOfLine(6).get(0)).enable();
        } else if (e instanceof BreakpointEvent) {
          ReferenceType looked = ((BreakpointEvent) e).location().declaringType();
          for (String name : List.of("a", "b")) {
            ObjectReference box = (ObjectReference) looked.getValue(looked.fieldByName(name));
            read.add(name + ".v=" + box.getValue(box.referenceType().fieldByName("v")));
          }
        } else if (e instanceof VMDisconnectEvent) {
          disconnected = true;
        }
      }
      set.resume();
    }
    Outcome served = serve.await();

    assertEquals(List.of("a.v=1", "b.v=2"), read, served.describe());
    assertEquals(0, served.exitStatus(), served.describe());
    assertEquals(recorded.stdout(), served.stdout(), "the program's output after the client read its boxes" + served.describe());
  }
}
