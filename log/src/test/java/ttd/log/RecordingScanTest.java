package ttd.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordingScanTest {

  @TempDir Path dir;

  /** A complete recording: a header and a log that both name {@code id}, the log holding {@code logId}. */
  private Path recording(String name, String id, String logId) throws IOException {
    Path rec = OwnerOnly.createDirectory(dir.resolve(name));
    Path queue = OwnerOnly.createDirectory(rec.resolve(TraceFormat.QUEUE_DIR));
    RecordingMetadata m = new RecordingMetadata();
    m.put("format.version", Integer.toString(TraceFormat.VERSION));
    m.put("status", RecordingMetadata.STATUS_COMPLETE);
    m.put(TraceFormat.RECORDING_ID, id);
    m.store(rec);
    BlockEncoder enc = new BlockEncoder(64);
    enc.reset(0);
    enc.putLong(EventKind.CLOCK_NANOS, 0, 5);
    try (TraceWriter w = new TraceWriter(queue)) {
      if (logId != null) {
        w.appendRecording(logId);
      }
      w.appendThread(0, "main");
      w.appendBlock(0, 0, enc.count(), enc.buffer(), enc.size());
      w.appendEnd(143, "signal SIGTERM");
    }
    return rec;
  }

  @Test
  void readsARecordingWhoseLogAndHeaderNameTheSameRunWithHowItEnded() throws IOException {
    RecordingScan scan = RecordingScan.of(recording("ok", "run-1", "run-1"));
    assertTrue(scan.complete());
    assertEquals(143, scan.endStatus());
    assertEquals("signal SIGTERM", scan.endCause());
    assertEquals(1, scan.events());
  }

  @Test
  void refusesALogOfAnotherRunInOneSentence() throws IOException {
    Path rec = recording("mixed", "run-1", "run-2");
    BadRecordingException e = assertThrows(BadRecordingException.class, () -> RecordingScan.of(rec));
    assertTrue(e.getMessage().contains("belongs to another recording (id run-2, the header's is run-1)"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void refusesALogThatDoesNotNameItsRecording() throws IOException {
    Path rec = recording("unbound", "run-1", null);
    BadRecordingException e = assertThrows(BadRecordingException.class, () -> RecordingScan.of(rec));
    assertTrue(e.getMessage().contains("does not start with the recording's id"), e.getMessage());
  }

  @Test
  void everyFileOfTheLogIsOwnerOnlyAsSoonAsItsFirstDocumentIsWritten() throws IOException {
    Path queue = OwnerOnly.createDirectory(dir.resolve("q"));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(queue)));
    try (TraceWriter w = new TraceWriter(queue)) {
      w.appendRecording("run-1");
      File[] files = queue.toFile().listFiles();
      assertTrue(files.length >= 2, "the metadata file and the first cycle's file");
      for (File f : files) {
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f.toPath())), f.getName());
      }
    }
  }
}
