package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * A client recorded against the real quote server, then compiled again to ask for another symbol:
 * its replay must stop at the socket write that differs, naming the bytes, before printing more.
 */
final class SocketWriteDivergence {

  private SocketWriteDivergence() {}

  /** {@code source} gives the client's source for a symbol; the client's class is {@code name}. */
  static void check(Jvm jvm, String label, String name, Function<String, String> source) {
    Path work = Scratch.dir(label + "-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), name, source.apply("ACME"));
    Path recording = work.resolve("recording");
    Outcome recorded;
    try (Peer server = Peer.plain(jvm, work, "ttd.samples.net.QuoteServer")) {
      recorded = TtdRun.record(jvm, recording, classes.toString(), name, String.valueOf(server.port()));
    }
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("answer: 15\nACME 101.25 USD"), recorded.describe());

    JavaSource.compile(classes, name, source.apply("GLOBEX"));
    Outcome replayed = TtdRun.replay(jvm, recording);
    assertEquals(86, replayed.exitStatus(), replayed.describe());
    assertTrue(replayed.stderr().contains("a write to a socket of"), replayed.describe());
    assertTrue(replayed.stderr().contains("QUOTE GLOBEX"), replayed.describe());
    assertEquals("connected\n", replayed.stdout(), replayed.describe());
  }
}
