package ttd.e2e;

import java.nio.file.Path;

/**
 * A quote client recorded against {@code QuoteServer --split}, which sends each response in two
 * segments a moment apart. On a loaded machine they can still arrive together and the parse
 * succeeds, so the client is recorded again, a bounded number of times, until the split shows, as
 * a person would when chasing a one-in-twenty failure.
 */
record SplitReadRecording(Outcome recorded, Path recording) {

  private static final int ATTEMPTS = 4;

  /** Records {@code client} (a sample's main class) until it fails or the attempts run out. */
  static SplitReadRecording of(Jvm jvm, String label, String client) {
    Outcome recorded = null;
    Path recording = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      Path work = Scratch.dir(label + "-" + jvm.label());
      recording = work.resolve("recording");
      try (Peer server = Peer.plain(jvm, work, "ttd.samples.net.QuoteServer", "--split")) {
        recorded = TtdRun.record(jvm, recording, TtdRun.samplesClassPath(false), client, "localhost:" + server.port());
      }
      if (recorded.exitStatus() != 0) {
        break;
      }
    }
    return new SplitReadRecording(recorded, recording);
  }
}
