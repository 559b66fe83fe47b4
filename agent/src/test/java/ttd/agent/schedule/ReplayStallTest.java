package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a replay counts as stalled: idle and without a replayed event for the stall time, pauses not counted. */
class ReplayStallTest {

  private static final long LOOK = BatonWatch.CHECK_MILLIS * 1_000_000L;
  private static final long STALL = 40 * LOOK;

  /** Looks every check period from {@code from} for {@code looks} looks; whether the last one said stalled. */
  private static boolean look(ReplayStall stall, long from, int looks, boolean idle, long events) {
    boolean stalled = false;
    for (int i = 0; i < looks; i++) {
      stalled = stall.stalled(from + i * LOOK, idle, events);
    }
    return stalled;
  }

  @Test
  void anIdleRunWithoutAReplayedEventForTheStallTimeIsStalled() {
    ReplayStall stall = new ReplayStall(STALL);
    assertFalse(look(stall, 0, 40, true, 7));
    assertTrue(stall.stalled(40 * LOOK, true, 7));
  }

  @Test
  void aReplayedEventStartsTheCountAgain() {
    ReplayStall stall = new ReplayStall(STALL);
    assertFalse(look(stall, 0, 30, true, 7));
    assertFalse(look(stall, 30 * LOOK, 30, true, 8));
    assertTrue(look(stall, 60 * LOOK, 11, true, 8));
  }

  @Test
  void aHolderOfTheBatonIsNeverAStallHoweverLongItStaysStill() {
    ReplayStall stall = new ReplayStall(STALL);
    assertFalse(look(stall, 0, 200, false, 7));
  }

  @Test
  void aGapBetweenLooksIsAPauseOfTheJvmAndNotCounted() {
    ReplayStall stall = new ReplayStall(STALL);
    assertFalse(look(stall, 0, 30, true, 7));
    long resumed = 30 * LOOK + ReplayStall.PAUSE_NANOS + STALL;
    assertFalse(look(stall, resumed, 30, true, 7));
    assertTrue(look(stall, resumed + 30 * LOOK, 11, true, 7));
  }

  @Test
  void theStallTimeComesFromTheEnvironmentInSecondsOr30ByDefault() {
    assertEquals(3_000_000_000L, ReplayStall.stallNanos("3"));
    assertEquals(30_000_000_000L, ReplayStall.stallNanos(null));
    assertEquals(30_000_000_000L, ReplayStall.stallNanos("soon"));
  }
}
