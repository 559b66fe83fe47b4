package ttd.agent.schedule;

/**
 * Decides, after a hand-over to nobody, whether the program is deadlocked for good: nobody can
 * run and nobody will come back by itself ({@link ShadowState#deadlocked}), and that lasts.
 *
 * <p>A thread the program does not run (a process reaper the program did not start, releasing
 * the lock a waiter needs) may still unpark a thread that looks stuck; that comes back as an arrival, which ends
 * the wait. Measured: on JDK 25 under load, {@code Process.waitFor}'s lock, held by the reaper,
 * made a recording report a deadlock and end with 88. So a recording waits a grace period; a
 * replay follows its log and reports at once. A run that is closing ({@link ExitStop}) hands the
 * baton to nobody on purpose and is not deadlocked.
 */
final class DeadlockGrace {

  private static final long GRACE_NANOS = 2_000_000_000L;

  private final Baton baton;

  DeadlockGrace(Baton baton) {
    this.baton = baton;
  }

  /** The report of a deadlock that is still there after the grace period, or null. */
  String lasting() {
    long until = System.nanoTime() + (baton.replaying() ? 0 : GRACE_NANOS);
    QuietWait wait = new QuietWait(); // the thread handing over may carry the program's interrupt
    try {
      while (true) {
        synchronized (baton.lock) {
          if (!baton.enabled || baton.exit.closed() || baton.running() != null
              || !baton.shadow.deadlocked()) {
            return null;
          }
          if (System.nanoTime() - until >= 0) {
            return DeadlockReport.of(baton.shadow);
          }
        }
        wait.sleep(20);
      }
    } finally {
      wait.done();
    }
  }
}
