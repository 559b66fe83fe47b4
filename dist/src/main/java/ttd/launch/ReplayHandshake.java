package ttd.launch;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * How a replay JVM tells whoever started it whether its agent started the replay: a replay may
 * only run under a working replay agent, since without one the program would run for real.
 *
 * <p>The agent options of a replay name the recording ({@code replay=DIR}) and, when a ttd
 * launcher started the JVM, a private file ({@code started=FILE}). Once the replay agent is ready,
 * and before the program's first instruction, {@link #run()} writes {@code started} there. If
 * anything stops it first, {@link #accept} writes {@code refused}, a tab and the one sentence that
 * says why (or prints it as a {@code ttd:} line when no launcher listens), and halts the JVM with
 * status {@link #REFUSED} before the program's {@code main} is reached. The launcher thus tells the
 * program's own exit status from a replay that never began, whatever the status.
 */
final class ReplayHandshake implements Runnable, Consumer<String> {

  /** The status of a replay JVM whose agent could not start the replay. */
  static final int REFUSED = 2;

  private final String file;

  private ReplayHandshake(String file) {
    this.file = file;
  }

  /** The handshake of a replay's options, or null if the options do not ask for a replay. */
  static ReplayHandshake of(String options) {
    if (options == null) {
      return null;
    }
    boolean replay = false;
    String file = null;
    for (String part : options.split(",")) {
      String item = part.trim();
      if (item.startsWith("replay=")) {
        replay = true;
      } else if (item.startsWith("started=")) {
        file = item.substring("started=".length());
      }
    }
    return replay ? new ReplayHandshake(file) : null;
  }

  /** The replay is about to begin. */
  @Override
  public void run() {
    write("started\n");
  }

  /** The replay cannot begin: says why in one sentence and halts the JVM. */
  @Override
  public void accept(String sentence) {
    if (file == null || !write("refused\t" + sentence.replace('\n', ' ') + "\n")) {
      System.err.println("ttd: " + sentence);
    }
    Runtime.getRuntime().halt(REFUSED);
  }

  /** Writes the file with java.io, linked in every JVM before premain; false if it cannot. */
  private boolean write(String text) {
    if (file == null) {
      return false;
    }
    try (OutputStream out = new FileOutputStream(file)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
