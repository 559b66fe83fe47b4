package ttd.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordingMetadataTest {

  @TempDir Path dir;

  @Test
  void storesAndLoadsTheHeaderOwnerOnly() throws IOException {
    Files.createDirectories(dir.resolve(TraceFormat.QUEUE_DIR));
    RecordingMetadata m = new RecordingMetadata();
    m.put("format.version", Integer.toString(TraceFormat.VERSION));
    m.put("main.class", "shop.Main");
    m.putList("main.args", List.of("a b", ""));
    m.store(dir);
    RecordingMetadata back = RecordingMetadata.load(dir);
    assertEquals("shop.Main", back.get("main.class"));
    assertEquals(List.of("a b", ""), back.getList("main.args"));
    assertEquals(
        "rw-------",
        PosixFilePermissions.toString(
            Files.getPosixFilePermissions(dir.resolve(TraceFormat.METADATA_FILE))));
  }

  @Test
  void explainsInOneSentenceWhyAPathIsNotARecording() throws IOException {
    assertMessage(dir.resolve("missing"), "there is no recording at");
    Path file = Files.writeString(dir.resolve("file.txt"), "x");
    assertMessage(file, "is a file, not a recording");
    assertMessage(dir, "is not a ttd recording");
    Files.writeString(dir.resolve(TraceFormat.METADATA_FILE), "format.version=99\n");
    assertMessage(dir, "has format version 99 but this ttd reads version " + TraceFormat.OLDEST_READ + " to " + TraceFormat.VERSION);
    Files.writeString(dir.resolve(TraceFormat.METADATA_FILE), "main.class=x\n");
    assertMessage(dir, "is damaged (it has no format version)");
  }

  @Test
  void aRecordingThatStopsWhereTtdRefusedTheProgramIsNotReplayable() throws IOException {
    Files.createDirectories(dir.resolve(TraceFormat.QUEUE_DIR));
    RecordingMetadata m = new RecordingMetadata();
    m.put("format.version", Integer.toString(TraceFormat.VERSION));
    m.store(dir);
    RecordingMetadata plain = RecordingMetadata.load(dir);
    assertSame(plain, plain.replayable(dir));
    m.put(RecordingMetadata.REFUSED, "the program started a virtual thread");
    m.store(dir);
    RecordingMetadata refused = RecordingMetadata.load(dir);
    BadRecordingException e = assertThrows(BadRecordingException.class, () -> refused.replayable(dir));
    assertEquals(
        "the recording at " + dir + " cannot be replayed: it stops where the program started a virtual thread",
        e.getMessage());
  }

  private static void assertMessage(Path p, String expected) {
    BadRecordingException e =
        assertThrows(BadRecordingException.class, () -> RecordingMetadata.load(p));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
  }
}
