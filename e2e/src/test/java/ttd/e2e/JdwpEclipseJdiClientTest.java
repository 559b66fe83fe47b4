package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jdi.LocalVariable;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.VirtualMachineManager;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A second JDI implementation, Eclipse JDT's (jdimodel.jar from Maven Central's
 * org.eclipse.jdt.debug, run outside OSGi), attached to {@code ttd debug --jdwp} as Eclipse's
 * Remote Java Application does: it finds main suspended at the console's stop, reads the stack and locals, stops at
 * its own breakpoint, and drops a frame (PopFrames: a reverse step out), each checked against the
 * console's {@code where} and {@code locals}; so the server does not lean on the JDK client's habits.
 */
class JdwpEclipseJdiClientTest {

  private static final String PIPELINE = "ttd.samples.corruption.OrderPipeline";
  private static final String ORDER = PIPELINE + "$Order";

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void eclipsesJdiReadsFramesStopsAtItsBreakpointAndDropsAFrame(Jvm jvm) throws Exception {
    Path recording = Sample.ORDER_PIPELINE.sharedRecording(jvm);
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0");
        URLClassLoader eclipse = eclipseJdi(Scratch.dir("eclipse-jdi-" + jvm.label()))) {
      c.type("stop in " + ORDER + ".setTotal");
      c.type("run");
      c.await("Breakpoint hit: ");
      c.type("cont");
      c.await("Breakpoint hit: ");
      VirtualMachine vm = attach(eclipse, c.port);
      assertTrue(vm.getClass().getName().startsWith("org.eclipse.jdi."), vm.getClass().getName());

      // as on a JVM that is suspended when Eclipse attaches: no event, the threads say where
      ThreadReference main = vm.allThreads().stream().filter(t -> t.name().equals("main")).findFirst().orElseThrow();
      assertTrue(main.isSuspended(), "main is suspended at the console's stop" + c.describe());
      List<StackFrame> frames = main.frames();
      assertEquals(2, frames.size(), c.describe());
      assertEquals("setTotal", frames.get(0).location().method().name());
      assertEquals(37, frames.get(0).location().lineNumber());
      assertEquals(72, frames.get(1).location().lineNumber());
      assertEquals(7999, cents(frames.get(0)), "order 2's setTotal, where the console is" + c.describe());

      ReferenceType order = vm.classesByName(ORDER).get(0);
      Method setTotal = order.methodsByName("setTotal").get(0);
      BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(setTotal.location());
      bp.setSuspendPolicy(EventRequest.SUSPEND_ALL);
      bp.enable();
      vm.resume();
      LocatableEvent hit = JdwpJdiClientTest.stop(vm, c);
      if (hit.request() == null) {
        hit = JdwpJdiClientTest.stop(vm, c); // the stop ttd reported at attach (a step event of no request) came first
      }
      assertTrue(hit instanceof BreakpointEvent && hit.request().equals(bp), "its own breakpoint: " + hit + c.describe());
      long cents = cents(hit.thread().frame(0));
      assertEquals(899 * 1, cents, "order 3's setTotal" + c.describe());
      c.type("locals");
      assertEquals(Long.toString(cents), c.await("^cents = (\\d+)$"), "the console shows what Eclipse's JDI shows" + c.describe());

      StackFrame top = hit.thread().frame(0);
      hit.thread().popFrames(top);
      c.await("^\\(debugger\\) reverse-finish$");
      assertEquals(1, hit.thread().frameCount(), "Drop Frame ran back out of setTotal" + c.describe());
      assertEquals(72, hit.thread().frame(0).location().lineNumber(), c.describe());
      c.type("where");
      assertEquals("72", c.await("^  \\[1\\] " + java.util.regex.Pattern.quote(PIPELINE) + "\\.main \\(OrderPipeline\\.java:(\\d+)\\)$"),
          "the console is where the client dropped to" + c.describe());
      vm.dispose();
      c.await("ttd: the debugger (detached|was disconnected)");
    }
  }

  private static long cents(StackFrame f) throws Exception {
    LocalVariable v = f.visibleVariableByName("cents");
    return ((LongValue) f.getValue(v)).value();
  }

  /** jdimodel.jar, taken out of the bundle, in a loader of its own over the JDK's com.sun.jdi. */
  private static URLClassLoader eclipseJdi(Path dir) throws Exception {
    Path jar = dir.resolve("jdimodel.jar");
    try (InputStream in = JdwpEclipseJdiClientTest.class.getClassLoader().getResourceAsStream("jdimodel.jar")) {
      assertTrue(in != null, "org.eclipse.jdt.debug's jdimodel.jar on the test class path");
      Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
    }
    return new URLClassLoader(new URL[] {jar.toUri().toURL()}, JdwpEclipseJdiClientTest.class.getClassLoader());
  }

  /**
   * Attaches as Eclipse does, outside OSGi: its Bootstrap asks the Eclipse platform for a manager,
   * so the manager is made directly and handed to Bootstrap, which its connectors ask. The request
   * timeout is raised from Eclipse's 3 s (its "Debugger timeout" preference) because ttd answers
   * only between motions, which replay for longer.
   */
  private static VirtualMachine attach(ClassLoader eclipse, int port) throws Exception {
    VirtualMachineManager manager = (VirtualMachineManager) eclipse.loadClass("org.eclipse.jdi.internal.VirtualMachineManagerImpl")
        .getConstructor().newInstance();
    java.lang.reflect.Field shared = eclipse.loadClass("org.eclipse.jdi.Bootstrap").getDeclaredField("fVirtualMachineManager");
    shared.setAccessible(true);
    shared.set(null, manager);
    AttachingConnector socket = manager.attachingConnectors().stream()
        .filter(a -> a.name().contains("SocketAttach")).findFirst().orElseThrow();
    Map<String, Connector.Argument> args = socket.defaultArguments();
    args.get("hostname").setValue("127.0.0.1");
    args.get("port").setValue(Integer.toString(port));
    VirtualMachine vm = socket.attach(args);
    eclipse.loadClass("org.eclipse.jdi.VirtualMachine").getMethod("setRequestTimeout", int.class)
        .invoke(vm, (int) Exec.TIMEOUT.toMillis());
    return vm;
  }
}
