package ttd.agent.schedule;

import java.util.ArrayDeque;
import java.util.List;

/**
 * How a recording picks the next thread and the length of its time slice. Replay never asks: it
 * follows the log, so a policy may be random (chaos) and still replay exactly.
 */
public abstract class SchedulePolicy {

  /** Record: {@code t} came back from a timed wait, a sleep or real I/O and was let in. */
  void admitted(SchedThread t) {}

  /** Ticks a thread runs before it is preempted, in normal recording. */
  static final long FAIR_BUDGET = 1_000_000;

  /** The next thread among {@code candidates} (not empty, in ordinal order). */
  abstract SchedThread choose(SchedThread current, List<SchedThread> candidates);

  /** The thread to run instead of {@code current}, or null if no other can run now. */
  SchedThread next(SchedThread current, ShadowState shadow) {
    List<SchedThread> candidates = shadow.eligibleOthers(current);
    return candidates.isEmpty() ? null : choose(current, candidates);
  }

  /** The ticks the thread that now takes the baton may run before it is preempted. */
  abstract long budget();

  /** Whether a chosen switch should happen at an optional point (a yield). */
  boolean chaotic() {
    return false;
  }

  /**
   * Round robin by ordinal with a fixed budget, where every other hand-off goes to the thread let in
   * longest ago (back from a timed wait, a sleep or real I/O) that has not run since. Round robin
   * alone made such a thread wait for every runnable thread after it in ordinal order: a server's
   * accepting thread came back with a connection and waited behind hundreds of clients and
   * handlers while the listen backlog overflowed, and clients timed out that never did in plain
   * runs (docs/design/scheduler.md). Alternating keeps threads that never waited, such as new
   * handlers, from starving behind a stream of returning ones.
   */
  public static SchedulePolicy fair() {
    return new SchedulePolicy() {
      private final ArrayDeque<SchedThread> woken = new ArrayDeque<>();
      private boolean lastWoken;

      @Override
      void admitted(SchedThread t) {
        if (!t.wokePending) {
          t.wokePending = true;
          woken.add(t);
        }
      }

      @Override
      SchedThread choose(SchedThread current, List<SchedThread> candidates) {
        int after = current == null ? -1 : current.ordinal;
        for (SchedThread t : candidates) {
          if (t.ordinal > after) {
            return t;
          }
        }
        return candidates.get(0);
      }

      /** The same choice, found without listing the candidates (thousands may be alive). */
      @Override
      SchedThread next(SchedThread current, ShadowState shadow) {
        if (!lastWoken) {
          SchedThread t;
          while ((t = woken.poll()) != null) {
            if (t.wokePending && t != current && shadow.eligible(t)) {
              lastWoken = true;
              return t;
            }
            t.wokePending = false;
          }
        }
        lastWoken = false;
        return shadow.firstEligibleAfter(current);
      }

      @Override
      long budget() {
        return FAIR_BUDGET;
      }
    };
  }

  /**
   * Chaos: random priorities and short random time slices (rr's chaos mode, Fray's PCT), so that
   * rare interleavings show up while recording. The same {@code seed} draws the same choices and
   * slices for the same calls: the agent passes its {@code seed} option when it is pinned, so a
   * program that reaches the same schedule points gets the same schedule again; else the clock.
   * The log, not the seed, makes a recording replayable.
   */
  public static SchedulePolicy chaos(long seed) {
    return new SchedulePolicy() {
      private long state = seed == 0 ? 0x9E3779B97F4A7C15L : seed;

      private int next(int bound) {
        state ^= state << 13;
        state ^= state >>> 7;
        state ^= state << 17;
        return (int) ((state >>> 1) % bound);
      }

      @Override
      SchedThread choose(SchedThread current, List<SchedThread> candidates) {
        return candidates.get(next(candidates.size()));
      }

      @Override
      long budget() {
        int scale = next(3);
        return 1 + next(scale == 0 ? 8 : scale == 1 ? 128 : 4096);
      }

      @Override
      boolean chaotic() {
        return true;
      }
    };
  }
}
