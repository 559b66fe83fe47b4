package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ttd's vendor command set (0xF0, docs/jdwp.md) as a script drives it with raw packets: a plain
 * JVM answers the probe NOT_IMPLEMENTED; ttd answers its version, moves back with
 * ReverseContinue, says where with When, goes to a position with Goto, switches the direction of
 * Resume, and refuses VirtualMachine.Exit with an error and a console sentence.
 */
class JdwpVendorCommandsTest {

  private static final int VENDOR = 0xF0;
  private static final int NOT_IMPLEMENTED = 99;
  private static final String PIPELINE = "ttd.samples.corruption.OrderPipeline";

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void aPlainJvmAnswersTheProbeNotImplemented(Jvm jvm) throws Exception {
    List<String> cmd = List.of(jvm.java(), "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0",
        "-cp", Sample.ORDER_PIPELINE.classPath(), PIPELINE);
    try (LiveProcess plain = new LiveProcess("plain JVM", cmd, Scratch.dir("jdwp-probe-" + jvm.label()));
        RawJdwp raw = new RawJdwp(Integer.parseInt(plain.await("Listening for transport dt_socket at address: (\\d+)")))) {
      assertEquals(0, raw.send(1, 1, new byte[0]).error(), "VirtualMachine.Version works, so the probe below is heard");
      assertEquals(NOT_IMPLEMENTED, raw.send(VENDOR, 1, new byte[0]).error());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void ttdAnswersTheVendorSetAndMovesWithIt(Jvm jvm) throws Exception {
    Path recording = Sample.ORDER_PIPELINE.sharedRecording(jvm);
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop in " + PIPELINE + "$Order.setTotal");
      c.type("run");
      c.await("Breakpoint hit: ");
      c.type("cont");
      c.await("Breakpoint hit: ");
      try (RawJdwp raw = new RawJdwp(c.port)) {
        RawJdwp.Reply version = raw.send(VENDOR, 1, new byte[0]);
        assertEquals(0, version.error(), c.describe());
        assertEquals("ttd", version.string());
        assertEquals(1, version.data().getInt());

        RawJdwp.Reply when = raw.send(VENDOR, 7, new byte[0]);
        long event = when.data().getLong();
        long tick = when.data().getLong();
        String second = when.string();
        assertTrue(second.startsWith(event + "." + tick), second);

        RawJdwp.Reply back = raw.send(VENDOR, 2, new byte[0]);
        assertEquals(0, back.error(), c.describe());
        assertTrue(back.string().contains("Breakpoint hit: \"thread=main\", " + PIPELINE + "$Order.setTotal()"), c.describe());
        long e1 = back.data().getLong();
        long t1 = back.data().getLong();
        assertTrue(e1 < event || (e1 == event && t1 < tick), "ReverseContinue went back from " + second + " to " + e1 + "." + t1);
        c.type("locals");
        assertEquals("3999", c.await("^cents = (\\d+)$"), "order 1's setTotal, as the console shows" + c.describe());

        RawJdwp.Reply to = raw.send(VENDOR, 6, RawJdwp.string(second));
        assertEquals(0, to.error(), c.describe());
        to.string();
        assertEquals(event, to.data().getLong());
        assertEquals(tick, to.data().getLong());
        c.type("locals");
        assertEquals("7999", c.await("^cents = (\\d+)$"), "Goto came back to order 2's setTotal" + c.describe());

        assertEquals(0, raw.send(VENDOR, 11, RawJdwp.bytes(2)).data().get(), "Resume runs forwards at first");
        assertEquals(1, raw.send(VENDOR, 11, RawJdwp.bytes(1)).data().get());
        c.await("^\\(debugger\\) direction reverse$");
        c.type("direction");
        c.await("^The debugger's Resume and steps run backwards");

        assertEquals(NOT_IMPLEMENTED, raw.send(1, 10, new byte[] {0, 0, 0, 0}).error(), "VirtualMachine.Exit is refused");
        c.await("^ttd: the debugger asked for VirtualMachine\\.Exit \\(ending the replay JVM\\), which is refused");
        assertEquals(NOT_IMPLEMENTED, raw.send(VENDOR, 99, new byte[0]).error(), "a vendor command ttd does not have");
      }
      c.await("ttd: the debugger (detached|was disconnected)");
      c.type("when");
      c.await("^position \\d+\\.\\d+ \\(event \\d+, tick \\d+\\)$");
      c.type("quit");
      assertEquals(0, c.console.awaitExit(), c.describe());
    }
  }
}
