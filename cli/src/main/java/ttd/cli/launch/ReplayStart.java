package ttd.cli.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import ttd.log.OwnerOnly;

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

  private static final String PREFIX = "replay-";
  private static final String SUFFIX = ".started";

  private final Path file;

  private ReplayStart(Path file) {
    this.file = file;
  }

  /**
   * A new handshake file, readable and writable by this user only, in the user's private cache
   * directory (the {@code ttd.cache} property ttd.jar's launcher sets; else the temporary
   * directory). Files of launchers that died without removing theirs (a console killed with
   * SIGKILL) are removed first: each name holds the pid of the ttd that made it.
   */
  public static ReplayStart create() {
    String cache = System.getProperty("ttd.cache");
    Path dir = Paths.get(cache != null ? cache : System.getProperty("java.io.tmpdir"));
    removeStale(dir);
    String prefix = PREFIX + ProcessHandle.current().pid() + "-";
    for (int attempt = 0; ; attempt++) {
      // pid and clock, not Files.createTempFile's random name: its SecureRandom would load the
      // security providers, a tenth of the launcher's time before the replay JVM starts
      Path file = dir.resolve(prefix + Long.toHexString(System.nanoTime()) + SUFFIX);
      try {
        OwnerOnly.createFile(file);
        file.toFile().deleteOnExit(); // however the launcher ends, but for SIGKILL
        return new ReplayStart(file);
      } catch (FileAlreadyExistsException taken) {
        if (attempt == 100) {
          throw new ToolException("cannot create a file in " + dir + " (" + taken.getFile() + " and 100 more names exist)");
        }
      } catch (IOException e) {
        throw new ToolException("cannot create a file in " + dir + " (" + e.getMessage() + ")");
      }
    }
  }

  private static void removeStale(Path dir) {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        String pid = name.substring(PREFIX.length(), Math.max(PREFIX.length(), name.indexOf('-', PREFIX.length())));
        if (pid.matches("[0-9]+") && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
          Files.deleteIfExists(f);
        }
      }
    } catch (IOException | RuntimeException e) {
      // another user's file in a shared directory, or a race with its owner: not ours to remove
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
