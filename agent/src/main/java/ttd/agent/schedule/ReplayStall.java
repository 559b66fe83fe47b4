package ttd.agent.schedule;

/**
 * Notices a replay that stopped moving: nobody holds the baton, no event is replayed, and threads
 * wait for the baton, for {@link #STALL_NANOS} of wall time. The log's decisions should always
 * name a thread to run next; when they do not (a thread waits to resume at an idle period the
 * run never reaches, or already passed), the replay would hang for good, which the standards
 * forbid: it stops with a report instead ({@link ScheduleLog#stalled}).
 *
 * <p>The watcher ({@link BatonWait}) looks every {@link BatonWatch#CHECK_MILLIS}. A gap between
 * two looks much longer than that ({@link #PAUSE_NANOS}) means the JVM was paused (a debugger
 * suspended every thread, the machine slept): time the replay did not have, so the count starts
 * again. A holder of the baton, even one that never moves (a thread parked past the end of its
 * recording, one stuck in JDK code, which {@link BatonWatch} reports), is never a stall.
 */
final class ReplayStall {

  /**
   * How long a replay may stand still before it counts as stalled: 30 s, or the seconds in the
   * environment variable {@code TTD_STALL_SECONDS} (tests; a system property would not do, as the
   * replay lays the recorded ones).
   */
  static final long STALL_NANOS = stallNanos(System.getenv("TTD_STALL_SECONDS"));
  /** A gap between two looks this long is a pause of the JVM, not time the replay had. */
  static final long PAUSE_NANOS = 10 * BatonWatch.CHECK_MILLIS * 1_000_000L;

  private final long stallNanos;
  private boolean looked;
  private long lastLook;
  private long events;
  private long since;

  ReplayStall(long stallNanos) {
    this.stallNanos = stallNanos;
  }

  static long stallNanos(String seconds) {
    long s = 30;
    if (seconds != null) {
      try {
        s = Math.max(1, Long.parseLong(seconds.trim()));
      } catch (NumberFormatException e) {
        // the default
      }
    }
    return s * 1_000_000_000L;
  }

  /**
   * One look, at {@code now} (nanoseconds): whether nobody has held the baton ({@code idle}) and
   * the count of replayed events has stayed {@code eventsReplayed} for the stall time, not
   * counting pauses.
   */
  boolean stalled(long now, boolean idle, long eventsReplayed) {
    boolean paused = looked && now - lastLook > PAUSE_NANOS;
    boolean moved = !looked || !idle || eventsReplayed != events;
    looked = true;
    lastLook = now;
    if (moved || paused) {
      events = eventsReplayed;
      since = now;
      return false;
    }
    return now - since >= stallNanos;
  }

  /** How long the replay stood still before {@link #stalled} said so, in seconds. */
  long seconds() {
    return stallNanos / 1_000_000_000L;
  }
}
