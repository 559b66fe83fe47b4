package ttd.debug.console;

import java.io.PrintWriter;

/**
 * On a terminal, a command that runs longer than a second shows what it is doing (its backend
 * says: where the replay is, or that it waits for the index of hits) on one line that the next
 * output overwrites.
 */
final class Progress implements AutoCloseable {

  private final Thread ticker;
  private volatile boolean done;
  private volatile boolean shown;

  Progress(Backend backend, PrintWriter out) {
    long start = System.nanoTime();
    ticker =
        new Thread(
            () -> {
              while (!done) {
                try {
                  Thread.sleep(1000);
                } catch (InterruptedException e) {
                  return;
                }
                if (done) {
                  return;
                }
                String doing = backend.progress((System.nanoTime() - start) / 1_000_000_000L);
                synchronized (out) {
                  out.print("\r  " + doing + " (Ctrl-C stops)  ");
                  out.flush();
                }
                shown = true;
              }
            },
            "ttd-progress");
    ticker.setDaemon(true);
    ticker.start();
  }

  @Override
  public void close() {
    done = true;
    ticker.interrupt();
    if (shown) {
      System.out.print("\r" + " ".repeat(60) + "\r");
      System.out.flush();
    }
  }
}
