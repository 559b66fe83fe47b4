package ttd.debug.replayvm;

import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.VMDisconnectedException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * How long one replay JVM has run (resumed) and which position (event, tick) it had reached along
 * the way, sampled at the interval {@link #sampleEvery} sets while the console's own motions run
 * (no other JVM needs samples, and each costs the replay and the console two JDWP round trips):
 * the checkpoint ladder spaces its rungs by replay time, and a rung lies at a position the replay
 * passed, so that a stretch without events (a CPU-bound loop) gets rungs too.
 *
 * <p>A sample is kept as a position a pause surely reaches: one tick back from the tick read, and
 * the event boundary for ticks 1 and 2. The scheduler stops a thread at a tick only on its tick
 * path, and two ticks bypass it: the tick of a hand-off (the last of a stretch, followed by the
 * hand-over event) and the tick of a park that took a permit (the first, right after its event).
 */
public final class RunClock {

  private long sampleNanos;
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

  /** Samples every {@code nanos} of running from now on; 0: no samples. */
  public void sampleEvery(long nanos) {
    sampleNanos = nanos;
  }

  /**
   * While running: takes a sample if one is due, reading the position from {@code position}
   * ((event, tick), tick -1 if not known; null if it could not be read consistently).
   */
  void tick(Supplier<long[]> position) {
    long now = System.nanoTime();
    if (resumedAt < 0 || sampleNanos <= 0 || now - sampledAt < sampleNanos) {
      return;
    }
    sampledAt = now;
    try {
      long[] p = position.get();
      if (p != null) {
        add(runNanos + now - resumedAt, p[0], p[1]);
      }
    } catch (VMDisconnectedException | ObjectCollectedException x) {
      // the replay is ending; no more samples
    }
  }

  /** Keeps a sample read at (event, tick) as the position a pause surely reaches, if it is new. */
  void add(long nanos, long event, long tick) {
    long safe = tick >= 3 ? tick - 1 : 0;
    if (event < 0) {
      return;
    }
    if (!samples.isEmpty()) {
      long[] last = samples.get(samples.size() - 1);
      if (!new Position(last[1], last[2], false).before(new Position(event, safe, false))) {
        return;
      }
    }
    samples.add(new long[] {nanos, event, safe});
  }

  /** Nanoseconds of running so far. */
  public long runNanos() {
    return runNanos;
  }

  /** (nanoseconds of running, event, tick) of the positions passed then, in order. */
  public List<long[]> samples() {
    return samples;
  }
}
