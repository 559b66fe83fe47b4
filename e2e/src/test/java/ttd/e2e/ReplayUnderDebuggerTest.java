package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.Location;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.event.ClassPrepareEvent;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A replay with a debugger attached (JDWP, as jdb or an IDE would) follows the recording exactly,
 * identity hash codes and {@code HashSet} order included, in main and in a started thread: the
 * debugger's own threads and requests do not move the program's hashes.
 */
class ReplayUnderDebuggerTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.util.*;",
          "public class Hashes {",
          "  static String order(Collection<Object> c) {",
          "    StringBuilder b = new StringBuilder();",
          "    for (Object o : c) b.append(Integer.toHexString(o.hashCode())).append(' ');",
          "    return b.toString();",
          "  }",
          "  public static void main(String[] args) throws Exception {",
          "    Set<Object> set = new HashSet<>();",
          "    for (int i = 0; i < 8; i++) set.add(new Object());",
          "    String main = order(set);",
          "    System.out.println(\"main \" + main);",
          "    Thread t = new Thread(() -> {",
          "      Set<Object> s = new HashSet<>();",
          "      for (int i = 0; i < 8; i++) s.add(new Object());",
          "      System.out.println(\"thread \" + order(s));",
          "    });",
          "    t.start();",
          "    t.join();",
          "  }",
          "}",
          "");

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void replayWithADebuggerStoppingAtABreakpointPrintsTheRecordedHashes(Jvm jvm) throws Exception {
    Path work = Scratch.dir("debugger-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Hashes", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Hashes");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    int port = freePort();
    Exec replay =
        Exec.start(
            List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay",
                recording.toAbsolutePath().toString(), "--jdwp", Integer.toString(port)),
            work,
            new byte[0]);
    assertEquals(port, JdwpReplayServeTest.port(replay), "the replay listens where it was told");
    int breakpoints = debug(port);
    Outcome replayed = replay.await();

    assertEquals(1, breakpoints, "the breakpoint on the print line was hit once");
    assertEquals(recorded.exitStatus(), replayed.exitStatus(), replayed.describe());
    assertEquals(recorded.stdout(), replayed.stdout(), replayed.describe());
    assertTrue(
        replayed.stderr().contains("ttd: the replay waits for a debugger on 127.0.0.1:" + port),
        replayed.describe());
  }

  /** Attaches, stops at the line that prints main's hashes, looks at the frame, runs to the end. */
  private static int debug(int port) throws Exception {
    VirtualMachine vm = attach(port);
    ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
    prepare.addClassFilter("Hashes");
    prepare.enable();
    vm.resume();
    int hits = 0;
    while (true) {
      EventSet events = vm.eventQueue().remove(60_000);
      if (events == null) {
        throw new AssertionError("the replay sent no debugger event for 60 s");
      }
      for (Event e : events) {
        if (e instanceof ClassPrepareEvent) {
          Location print = ((ClassPrepareEvent) e).referenceType().locationsOfLine(12).get(0);
          BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(print);
          bp.enable();
        } else if (e instanceof BreakpointEvent) {
          hits++;
          ((BreakpointEvent) e).thread().frame(0).getArgumentValues();
        } else if (e instanceof VMDisconnectEvent) {
          return hits;
        }
      }
      events.resume();
    }
  }

  private static VirtualMachine attach(int port) throws Exception {
    AttachingConnector socket =
        Bootstrap.virtualMachineManager().attachingConnectors().stream()
            .filter(c -> c.name().equals("com.sun.jdi.SocketAttach"))
            .findFirst()
            .orElseThrow();
    Map<String, Connector.Argument> args = socket.defaultArguments();
    args.get("hostname").setValue("127.0.0.1");
    args.get("port").setValue(Integer.toString(port));
    IOException last = null;
    for (int attempt = 0; attempt < 100; attempt++) {
      try {
        return socket.attach(args);
      } catch (IOException e) {
        last = e;
        Thread.sleep(200);
      }
    }
    throw new AssertionError("no replay listened on port " + port, last);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
