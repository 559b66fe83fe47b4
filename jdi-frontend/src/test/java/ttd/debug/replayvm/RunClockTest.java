package ttd.debug.replayvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The positions the run clock keeps are ones a pause surely reaches, in order. */
class RunClockTest {

  @Test
  void aSampleIsKeptOneTickBackAndEarlyTicksAtTheEventBoundary() {
    RunClock c = new RunClock();
    c.add(1, 4, 2);
    c.add(2, 4, 5000);
    c.add(3, 5, -1);
    assertEquals(3, c.samples().size());
    assertArrayEquals(new long[] {1, 4, 0}, c.samples().get(0), "ticks 1 and 2 may be off the tick path");
    assertArrayEquals(new long[] {2, 4, 4999}, c.samples().get(1), "the last tick may be a hand-off's");
    assertArrayEquals(new long[] {3, 5, 0}, c.samples().get(2), "a tick not known: the event boundary");
  }

  @Test
  void onlySamplesFurtherOnAreKept() {
    RunClock c = new RunClock();
    c.add(1, 4, 5000);
    c.add(2, 4, 5000);
    c.add(3, 4, 4000);
    c.add(4, -1, 0);
    assertEquals(1, c.samples().size());
  }
}
