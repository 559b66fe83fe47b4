package ttd.agent.session;

/**
 * The threads from outside the program that begin the JVM's shutdown (the JVM's own thread after
 * the last non-daemon thread ended, a signal's handler, an unscheduled thread calling {@code
 * System.exit}): the first is adopted into the program, and any other one waits until the adopted
 * one has gone on.
 *
 * <p>The JDK lets one thread run the shutdown hooks and makes every other wait on its shutdown
 * lock. The adopted thread takes that lock only once the scheduler lets it in; an outsider that
 * took it meanwhile would run the hooks unscheduled, and the adopted thread would block on the
 * lock while holding the baton. So the others wait here first, then meet the JDK's lock as without
 * ttd.
 */
final class ShutdownOutsiders {

  private boolean adopting;
  private boolean adopted;

  /** Runs {@code adopt} on the first outside thread; later ones wait until it has returned. */
  void beginShutdown(Runnable adopt) {
    synchronized (this) {
      if (adopting) {
        awaitAdopted();
        return;
      }
      adopting = true;
    }
    try {
      adopt.run();
    } finally {
      synchronized (this) {
        adopted = true;
        notifyAll();
      }
    }
  }

  private void awaitAdopted() {
    boolean interrupted = false;
    while (!adopted) {
      try {
        wait();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
