package ttd.debug.replayvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A tick read while the replay runs is paired with an event only when nothing was counted in between. */
class TickReadsTest {

  private final Object main = new Object();
  private final Object worker = new Object();

  @Test
  void theFirstReadAfterAResumeReadsNoClockAndGivesTheEventBoundary() {
    TickReads r = new TickReads();
    assertNull(r.clockToRead());
    assertArrayEquals(new long[] {41, 0}, r.judge(42, main, false, 0, 0));
    assertSame(main, r.clockToRead(), "the holder just seen");
  }

  @Test
  void aTickReadBetweenTwoReadsOfTheSameEventAndHolderBelongsToThatEvent() {
    TickReads r = new TickReads();
    r.judge(42, main, false, 0, 0);
    assertArrayEquals(new long[] {41, 7000}, r.judge(42, main, true, 1000, 8000));
    assertArrayEquals(new long[] {41, 9000}, r.judge(42, main, true, 1000, 10_000));
  }

  @Test
  void anEventCountedSinceThePreviousReadGivesTheBoundaryOfTheEventReadNow() {
    TickReads r = new TickReads();
    r.judge(42, main, false, 0, 0);
    assertArrayEquals(new long[] {42, 0}, r.judge(43, main, true, 1000, 8000), "the clock may have been read before event 43");
    assertArrayEquals(new long[] {42, 500}, r.judge(43, main, true, 7500, 8000), "the next read pairs again");
  }

  @Test
  void aHandOverSinceThePreviousReadGivesTheBoundary() {
    TickReads r = new TickReads();
    r.judge(42, main, false, 0, 0);
    assertArrayEquals(new long[] {42, 0}, r.judge(43, worker, true, 1000, 8000), "main's clock was read, the worker runs now");
    assertSame(worker, r.clockToRead());
  }

  @Test
  void nobodyHoldingTheBatonGivesAnUnknownTick() {
    TickReads r = new TickReads();
    r.judge(42, main, false, 0, 0);
    assertArrayEquals(new long[] {42, -1}, r.judge(43, null, true, 1000, 8000));
    assertNull(r.clockToRead());
  }

  @Test
  void aResumeForgetsThePreviousRead() {
    TickReads r = new TickReads();
    r.judge(42, main, false, 0, 0);
    r.resumed();
    assertNull(r.clockToRead(), "code may have run while the replay was stopped");
    assertArrayEquals(new long[] {41, 0}, r.judge(42, main, false, 0, 0));
  }
}
