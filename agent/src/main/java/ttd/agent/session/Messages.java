package ttd.agent.session;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * ttd's own messages: one line each on stderr, prefixed {@code ttd:}, never recorded as output.
 *
 * <p>They bypass {@code System.err} (which the program may have replaced or be writing to) and go
 * straight to file descriptor 2; callers are inside agent code, so the write hook passes through.
 */
public final class Messages {

  private final FileOutputStream err = new FileOutputStream(FileDescriptor.err);
  private final boolean quiet;

  public Messages(boolean quiet) {
    this.quiet = quiet;
  }

  /** A message the user asked not to see with {@code quiet}. */
  public void info(String line) {
    if (!quiet) {
      say(line);
    }
  }

  public synchronized void say(String text) {
    StringBuilder b = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      b.append("ttd: ").append(line).append('\n');
    }
    try {
      err.write(b.toString().getBytes(StandardCharsets.UTF_8));
      err.flush();
    } catch (IOException e) {
      // stderr is gone: nothing better to do
    }
  }
}
