package ttd.debug.jdwp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The console's output, passed on to the terminal, and kept while a vendor command runs a
 * console command for a client, so that the reply carries what the console said.
 */
public final class ConsoleCapture extends OutputStream {

  private final OutputStream out;
  private ByteArrayOutputStream kept;

  public ConsoleCapture(OutputStream out) {
    this.out = out;
  }

  @Override
  public synchronized void write(int b) throws IOException {
    out.write(b);
    if (kept != null) {
      kept.write(b);
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    if (kept != null) {
      kept.write(b, off, len);
    }
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  synchronized void start() {
    kept = new ByteArrayOutputStream();
  }

  synchronized String stop() {
    String s = kept == null ? "" : kept.toString(StandardCharsets.UTF_8);
    kept = null;
    return s;
  }
}
