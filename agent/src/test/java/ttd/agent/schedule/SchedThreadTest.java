package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The monitor fast path of the baton holder ({@link SchedThread#enterFast}) and the model it keeps. */
class SchedThreadTest {

  private final ShadowState shadow = new ShadowState();
  private final SchedThread main = new SchedThread(0, new Thread("t0"), null);
  private final Object lock = new Object();

  SchedThreadTest() {
    shadow.add(main);
  }

  @Test
  void aMonitorEnteredOnTheFastPathIsHeldInTheModelEveryTime() {
    main.startSlice(false);
    assertTrue(main.enterFast(lock));
    assertTrue(main.enterFast(lock));
    assertSame(main, shadow.holderOf(lock));
  }

  @Test
  void aSliceInWhichAnotherThreadHoldsAMonitorSendsEvenTheLastMonitorToTheSlowPath() {
    main.startSlice(false);
    main.enterFast(lock);
    main.startSlice(true);
    assertFalse(main.enterFast(lock));
  }

  @Test
  void aMonitorReleasedByAWaitIsTakenIntoTheModelAgainOnItsNextEnter() {
    main.startSlice(false);
    main.enterFast(lock);
    main.releaseAll(lock);
    assertNull(shadow.holderOf(lock));
    assertTrue(main.enterFast(lock));
    assertSame(main, shadow.holderOf(lock));
  }

  @Test
  void aMonitorPrunedFromTheModelIsTakenIntoItAgainOnItsNextEnter() {
    main.startSlice(false);
    main.enterFast(lock); // not really held: the prune drops it
    main.prune();
    assertNull(shadow.holderOf(lock));
    assertTrue(main.enterFast(lock));
    assertSame(main, shadow.holderOf(lock));
  }
}
