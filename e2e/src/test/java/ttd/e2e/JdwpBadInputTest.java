package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ttd debug --jdwp} off the happy path: it listens on the loopback interface unless told
 * otherwise; garbage on the port, a client that vanishes and a port already in use each cost one
 * {@code ttd:} sentence, and the console goes on and a new client can attach.
 */
class JdwpBadInputTest {

  private static final String PIPELINE = "ttd.samples.corruption.OrderPipeline";

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void garbageAVanishingClientAndABusyPortCostOneSentenceEach(Jvm jvm) throws Exception {
    Path recording = Sample.ORDER_PIPELINE.sharedRecording(jvm);
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop at " + PIPELINE + ":67");
      c.type("run");
      c.await("Breakpoint hit: ");

      try (Socket s = new Socket("127.0.0.1", c.port)) {
        OutputStream o = s.getOutputStream();
        o.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        o.flush();
        InputStream in = s.getInputStream();
        s.setSoTimeout((int) Exec.TIMEOUT.toMillis());
        assertEquals(-1, in.read(), "ttd closes a connection that does not speak JDWP");
      }
      c.await("^ttd: a client sent something that is not the JDWP handshake on the debugger port; closed that connection");

      try (RawJdwp raw = new RawJdwp(c.port)) {
        assertEquals(0, raw.send(1, 1, new byte[0]).error(), "a client attaches after the garbage" + c.describe());
      } // closed without Dispose: a client that vanished
      c.await("^ttd: the debugger (detached|was disconnected)");
      c.type("next");
      c.await("^Step completed: \"thread=main\", " + PIPELINE.replace(".", "\\.") + "\\.main\\(\\), line=86");

      List<String> busy = new ArrayList<>(List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "debug",
          recording.toAbsolutePath().toString(), "--jdwp", Integer.toString(c.port)));
      Outcome second = Exec.run(busy, recording.toAbsolutePath().getParent(), "quit\n".getBytes(StandardCharsets.UTF_8));
      assertEquals(0, second.exitStatus(), second.describe());
      assertEquals(1, second.stderrLines().stream().filter(l -> l.matches("ttd: cannot listen for debuggers on 127\\.0\\.0\\.1:"
          + c.port + " \\(.*\\); choose another port with --jdwp; the console runs without it")).count(), second.describe());
      assertFalse(second.stderr().contains("Exception"), second.describe());
      assertTrue(second.stdout().startsWith("Replay of " + PIPELINE + " is ready"), second.describe());

      Outcome bad = Exec.run(List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "debug",
          recording.toAbsolutePath().toString(), "--jdwp", "here"), recording.toAbsolutePath().getParent());
      assertTrue(bad.exitStatus() != 0, bad.describe());
      assertEquals("ttd: --jdwp takes a port or host:port, not 'here'\n", bad.stderr(), bad.describe());
      assertFalse(bad.stderr().contains("Exception"), bad.describe());

      try (RawJdwp raw = new RawJdwp(c.port)) {
        assertEquals(0, raw.send(1, 1, new byte[0]).error(), "a new client attaches" + c.describe());
        assertEquals(0, raw.send(1, 6, new byte[0]).error(), "and disposes");
      }
      c.await("^ttd: the debugger detached");
      c.type("quit");
      assertEquals(0, c.console.awaitExit(), c.describe());
    }
  }
}
