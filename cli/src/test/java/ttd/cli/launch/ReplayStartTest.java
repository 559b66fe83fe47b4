package ttd.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

class ReplayStartTest {

  private static Path file(ReplayStart start) {
    return Paths.get(start.agentOption().substring("started=".length()));
  }

  @Test
  void aReplayThatBeganEndsWithTheProgramsOwnStatusWhateverItIs() throws IOException {
    try (ReplayStart start = ReplayStart.create()) {
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file(start))));
      Files.writeString(file(start), "started\n");
      assertTrue(start.began());
      assertNull(start.refusal(2));
    }
  }

  @Test
  void aRefusedReplayReportsTheAgentsSentence() throws IOException {
    try (ReplayStart start = ReplayStart.create()) {
      Files.writeString(file(start), "refused\tthe event log belongs to another recording\n");
      assertFalse(start.began());
      assertEquals("the event log belongs to another recording", start.refusal(2));
    }
  }

  @Test
  void aJvmThatEndedBeforeItsAgentRanIsNeverTakenForTheProgramsExit() {
    Path file;
    try (ReplayStart start = ReplayStart.create()) {
      file = file(start);
      String why = start.refusal(0);
      assertTrue(why.contains("before ttd's agent could start the replay, so nothing of the program ran"), why);
    }
    assertFalse(Files.exists(file), "the handshake file is removed");
  }

  @Test
  void twoHandshakesOfOneLauncherGetFilesOfTheirOwn() {
    try (ReplayStart a = ReplayStart.create();
        ReplayStart b = ReplayStart.create()) {
      assertFalse(file(a).equals(file(b)), file(a) + " is given twice");
      assertTrue(file(a).getFileName().toString().startsWith("replay-" + ProcessHandle.current().pid() + "-"),
          file(a) + " names its launcher's pid, by which a later launcher knows it stale");
    }
  }

  @Test
  void removesTheFilesOfLaunchersThatDiedWithoutRemovingTheirs() throws IOException {
    Path dir = Paths.get(System.getProperty("java.io.tmpdir"));
    Path stale = Files.writeString(dir.resolve("replay-2147483646-1234.started"), "");
    try (ReplayStart start = ReplayStart.create()) {
      assertFalse(Files.exists(stale), "no process has pid 2147483646");
      assertTrue(Files.exists(file(start)), "its own file stays");
    }
  }
}
