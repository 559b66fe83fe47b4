package ttd.replay;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The launcher's end of a replay JVM's handshake (ttd.jar's {@code ttd.launch.ReplayHandshake}):
 * a private temporary file the replay agent writes {@code started} into just before the program's
 * first instruction, or {@code refused} and one sentence when it cannot replay, halting the JVM
 * before the program runs.
 *
 * <p>So the launcher tells "the program exited with status 2" from "the replay never began, and
 * nothing of the program ran", whatever status the JVM ended with; a JVM that ended before its
 * agent even ran (a JVM option it does not know) is reported too, never taken for the program's
 * own exit.
 */
public final class ReplayStart implements AutoCloseable {

  private final Path file;

  private ReplayStart(Path file) {
    this.file = file;
  }

  /** A new handshake file, readable and writable by this user only. */
  public static ReplayStart create() {
    try {
      return new ReplayStart(Files.createTempFile("ttd-replay-", ".started"));
    } catch (IOException e) {
      throw new ToolException("cannot create a file in the temporary directory (" + e.getMessage() + ")");
    }
  }

  /** The agent option that names the file. */
  public String agentOption() {
    return "started=" + file;
  }

  /** Whether the replay agent has said the replay began. */
  public boolean began() {
    return read().startsWith("started");
  }

  /**
   * After the JVM ended with {@code status}: null if the replay began (the status is the
   * program's, or ttd's documented one), else the sentence that says why nothing of the program ran.
   */
  public String refusal(int status) {
    String text = read();
    if (text.startsWith("started")) {
      return null;
    }
    if (text.startsWith("refused\t")) {
      return text.substring("refused\t".length()).trim();
    }
    return "the replay JVM ended (status " + status + ") before ttd's agent could start the replay,"
        + " so nothing of the program ran; see the lines above";
  }

  private String read() {
    try {
      return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public void close() {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a leftover empty file in the temporary directory is harmless
    }
  }
}
