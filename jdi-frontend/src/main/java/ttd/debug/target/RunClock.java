package ttd.debug.target;

import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.VMDisconnectedException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * How long one replay JVM has run (resumed) and which event it had reached along the way, sampled
 * every {@value #SAMPLE_NANOS} ns of running: the checkpoint ladder spaces its rungs by replay
 * time, and rungs can only lie at events.
 */
public final class RunClock {

  static final long SAMPLE_NANOS = 20_000_000L;

  private long runNanos;
  private long resumedAt = -1;
  private long sampledAt;
  private final List<long[]> samples = new ArrayList<>();

  void resumed() {
    resumedAt = System.nanoTime();
    sampledAt = resumedAt;
  }

  void stopped() {
    if (resumedAt >= 0) {
      runNanos += System.nanoTime() - resumedAt;
      resumedAt = -1;
    }
  }

  /** While running: takes a sample if one is due, reading the event from {@code event}. */
  void tick(LongSupplier event) {
    long now = System.nanoTime();
    if (resumedAt < 0 || now - sampledAt < SAMPLE_NANOS) {
      return;
    }
    sampledAt = now;
    try {
      long e = event.getAsLong();
      if (e >= 0 && (samples.isEmpty() || samples.get(samples.size() - 1)[1] < e)) {
        samples.add(new long[] {runNanos + now - resumedAt, e});
      }
    } catch (VMDisconnectedException | ObjectCollectedException x) {
      // the replay is ending; no more samples
    }
  }

  /** Nanoseconds of running so far. */
  public long runNanos() {
    return runNanos;
  }

  /** (nanoseconds of running, index of the last event consumed then) pairs, in order. */
  public List<long[]> samples() {
    return samples;
  }
}
