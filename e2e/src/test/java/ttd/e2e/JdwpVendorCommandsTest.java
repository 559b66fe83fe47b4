package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ttd's vendor command set (0xF0, docs/jdwp.md) as a script drives it with raw packets: a plain
 * JVM answers the probe NOT_IMPLEMENTED; ttd answers its version, moves back with
 * ReverseContinue, says where with When, goes to a position with Goto, switches the direction of
 * Resume, and refuses VirtualMachine.Exit with an error and a console sentence; its reverse
 * step, next and finish, checkpoint, restart and history land where, and say what, the console's
 * {@code where}, {@code when}, {@code locals} and {@code history} say; and a Suspend stops a
 * motion that runs.
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
      c.await("^position \\d+\\.\\d+(@\\d+:\\d+(?:/[\\w$<>]+)?)? \\(event \\d+, tick \\d+\\)$");
      c.type("quit");
      assertEquals(0, c.console.awaitExit(), c.describe());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void reverseStepsCheckpointsRestartAndHistoryAgreeWithTheConsole(Jvm jvm) throws Exception {
    Path recording = Sample.ORDER_PIPELINE.sharedRecording(jvm);
    String pipeline = Pattern.quote(PIPELINE);
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop in " + PIPELINE + "$Order.setTotal");
      c.type("run");
      c.await("Breakpoint hit: ");
      c.type("cont");
      c.await("Breakpoint hit: ");
      try (RawJdwp raw = new RawJdwp(c.port)) {
        byte[] main = thread(raw, "main");

        RawJdwp.Reply checkpoint = raw.send(VENDOR, 8, new byte[0]);
        assertEquals(0, checkpoint.error(), c.describe());
        Matcher k = Pattern.compile("^Checkpoint (\\d+) at position ").matcher(checkpoint.string());
        assertTrue(k.find(), c.describe());
        long[] saved = {checkpoint.data().getLong(), checkpoint.data().getLong()};
        assertWhen(c, raw, saved[0], saved[1], "after Checkpoint");

        RawJdwp.Reply step = raw.send(VENDOR, 3, main);
        assertEquals(0, step.error(), c.describe());
        assertTrue(step.string().contains("Reverse step completed: \"thread=main\", " + PIPELINE + ".main(), line=72"), c.describe());
        assertWhere(c, 72, "ReverseStep from setTotal's first line goes to its call");
        assertWhen(c, raw, step.data().getLong(), step.data().getLong(), "after ReverseStep");

        RawJdwp.Reply next = raw.send(VENDOR, 4, main);
        assertEquals(0, next.error(), c.describe());
        assertTrue(next.string().contains("Reverse next completed: \"thread=main\", " + PIPELINE + ".main(), line=71"), c.describe());
        assertWhere(c, 71, "ReverseNext goes to the line before");
        assertWhen(c, raw, next.data().getLong(), next.data().getLong(), "after ReverseNext");

        RawJdwp.Reply restart = raw.send(VENDOR, 9, RawJdwp.string(k.group(1)));
        assertEquals(0, restart.error(), c.describe());
        assertTrue(restart.string().startsWith("Restarted at checkpoint " + k.group(1)), c.describe());
        assertEquals(saved[0], restart.data().getLong(), "Restart comes back to the checkpoint's event");
        assertEquals(saved[1], restart.data().getLong(), "and tick");
        c.type("locals");
        assertEquals("7999", c.await("^cents = (\\d+)$"), "back at order 2's setTotal" + c.describe());

        RawJdwp.Reply finish = raw.send(VENDOR, 5, main);
        assertEquals(0, finish.error(), c.describe());
        assertTrue(finish.string().contains("Run back to call: \"thread=main\", " + PIPELINE + ".main(), line=72"), c.describe());
        assertWhere(c, 72, "ReverseFinish goes back to the call of setTotal");
        assertWhen(c, raw, finish.data().getLong(), finish.data().getLong(), "after ReverseFinish");

        assertEquals(0, raw.send(VENDOR, 9, RawJdwp.string(k.group(1))).error(), c.describe());
        RawJdwp.Reply history = raw.send(VENDOR, 10, RawJdwp.string("this.total"));
        assertEquals(0, history.error(), c.describe());
        String text = history.string();
        assertEquals(saved[0], history.data().getLong(), "History does not move");
        assertEquals(saved[1], history.data().getLong(), "History does not move");
        Matcher writes = Pattern.compile("^History of this\\.total: (\\d+) writes\\n  position \\S+ \"thread=main\", " + pipeline
            + "\\$Order\\.setTotal\\(\\), line=37 bci=2: 0 -> 7999 ").matcher(text);
        assertTrue(writes.find(), text);
        c.type("history this.total");
        assertEquals(writes.group(1), c.await("^History of this\\.total: (\\d+) writes$"), "the console counts the same writes" + c.describe());
        String list = raw.send(VENDOR, 12, new byte[0]).string();
        assertTrue(Pattern.compile("(?m)^  " + k.group(1) + "  position " + saved[0] + "\\." + saved[1] + "[@ ]").matcher(list).find(),
            "Checkpoints lists the checkpoint where it was taken: " + list + c.describe());
      }
      c.await("ttd: the debugger (detached|was disconnected)");
      c.type("quit");
      assertEquals(0, c.console.awaitExit(), c.describe());
    }
  }

  private static final String SPIN = String.join("\n",
      "public class Spin {",
      "  public static void main(String[] args) {",
      "    System.out.println(\"spinning\");",
      "    long x = 0;",
      "    for (long i = 0; i < 2_000_000_000L; i++) {",
      "      x += i ^ (x >>> 3);",
      "    }",
      "    System.out.println(\"spun \" + x);",
      "  }",
      "}",
      "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void aSuspendStopsTheMotionTheClientsResumeStarted(Jvm jvm) throws Exception {
    Path work = Scratch.dir("jdwp-pause-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Spin", SPIN);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Spin");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0");
        RawJdwp raw = new RawJdwp(c.port)) {
      assertEquals(0, raw.send(1, 1, new byte[0]).error(), "VirtualMachine.Version, as every client starts" + c.describe());
      assertEquals(0, raw.send(1, 9, new byte[0]).error(), "VirtualMachine.Resume" + c.describe());
      c.await("^\\(debugger\\) run$");
      c.await("^spinning$"); // the program is in its loop
      assertEquals(0, raw.send(1, 8, new byte[0]).error(), "VirtualMachine.Suspend" + c.describe());
      String event = c.await("^Interrupted at event (\\d+)$");
      RawJdwp.Reply when = raw.send(VENDOR, 7, new byte[0]);
      assertEquals(Long.parseLong(event), when.data().getLong(), c.describe());
      long tick = when.data().getLong();
      String name = when.string();
      assertTrue(!name.equals("end") && !name.equals("start"), "stopped inside the loop, at " + name + " tick " + tick + c.describe());
      c.type("when");
      assertEquals(event, c.await("^position after event (\\d+) \\(interrupted"), "the console is where the client is" + c.describe());
      assertTrue(!c.describe().contains("spun "), "the program did not run to its end" + c.describe());
    }
  }

  /** The id of the thread called {@code name} (VirtualMachine.AllThreads, ThreadReference.Name). */
  private static byte[] thread(RawJdwp raw, String name) throws Exception {
    ByteBuffer all = raw.send(1, 4, new byte[0]).data();
    for (int i = all.getInt(); i > 0; i--) {
      byte[] id = new byte[8];
      all.get(id);
      if (raw.send(11, 1, id).string().equals(name)) {
        return id;
      }
    }
    throw new AssertionError("no thread " + name);
  }

  /** The console's {@code where} shows main at {@code line} on top. */
  private static void assertWhere(JdwpConsole c, int line, String what) {
    c.type("where");
    assertEquals(Integer.toString(line), c.await("^  \\[1\\] " + Pattern.quote(PIPELINE) + "\\.main \\(OrderPipeline\\.java:(\\d+)\\)$"),
        what + c.describe());
  }

  /** The position a vendor command replied is the console's {@code when}, and When's name is the console's. */
  private static void assertWhen(JdwpConsole c, RawJdwp raw, long event, long tick, String what) throws Exception {
    RawJdwp.Reply when = raw.send(VENDOR, 7, new byte[0]);
    assertEquals(event, when.data().getLong(), what);
    assertEquals(tick, when.data().getLong(), what);
    String name = when.string();
    c.type("when");
    Matcher m = Pattern.compile("^(\\d+)\\.(\\d+)").matcher(c.await("^position (\\S+) \\("));
    assertTrue(m.find(), what);
    assertEquals(event + "." + tick, m.group(1) + "." + m.group(2), what + ": the console's when" + c.describe());
    c.type("when");
    assertEquals(name, c.await("^position (\\S+) \\("), what + ": When's name is the console's" + c.describe());
  }
}
