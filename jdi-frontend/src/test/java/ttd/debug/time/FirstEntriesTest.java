package ttd.debug.time;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.ExceptionCatch;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.LineBreakpoint;
import ttd.debug.requests.MethodBreakpoint;

class FirstEntriesTest {

  private static Position at(long event, long tick) {
    return new Position(event, tick, false);
  }

  /**
   * shop.Orders: add (lines 10-12) first ran at 3.40, report (20-22) at 9.5, audit (30-31) at
   * 12.2; a nested class's constructor, whose lines are not known, at 11.0.
   */
  private final FirstEntries index = new FirstEntries(List.of(
      new FirstEntries.Entered("shop.Orders", "add", 10, 12, at(3, 40)),
      new FirstEntries.Entered("shop.Orders", "report", 20, 22, at(9, 5)),
      new FirstEntries.Entered("shop.Orders", "audit", 30, 31, at(12, 2)),
      new FirstEntries.Entered("shop.Orders$Line", "<init>", -1, -1, at(11, 0))));

  private final Position stop = at(9, 5);

  @Test
  void aMethodThatFirstRunsLaterOrNeverHasNoHitBefore() {
    assertTrue(index.noHitBefore(new MethodBreakpoint("shop.Orders", "audit"), stop, null));
    assertTrue(index.noHitBefore(new MethodBreakpoint("shop.Orders", "neverCalled"), stop, null));
    assertTrue(index.noHitBefore(new LineBreakpoint("shop.Orders", 31), stop, null), "a line in audit");
    assertTrue(index.noHitBefore(new LineBreakpoint("shop.Orders", 40), stop, null), "a line in no method that ran");
  }

  @Test
  void aMethodThatRanBeforeOrAtTheStopMayHaveHits() {
    assertFalse(index.noHitBefore(new MethodBreakpoint("shop.Orders", "add"), stop, null));
    assertFalse(index.noHitBefore(new LineBreakpoint("shop.Orders", 11), stop, null));
    assertFalse(index.noHitBefore(new MethodBreakpoint("shop.Orders", "report"), stop, null), "first ran at the stop's own position");
    assertFalse(index.noHitBefore(new MethodBreakpoint("shop.Orders", "audit"), at(12, -1), null), "a tick not known: same event, order not known");
  }

  @Test
  void aLineInANestedClassWhoseLinesAreNotKnownMayHaveHits() {
    Position later = at(15, 3);
    assertFalse(index.noHitBefore(new LineBreakpoint("shop.Orders", 50), later, null));
    assertTrue(index.noHitBefore(new LineBreakpoint("shop.Orders", 50), stop, null), "before the nested class first ran");
  }

  @Test
  void atTheEndEveryMethodThatRanHasHadItsHits() {
    assertFalse(index.noHitBefore(new MethodBreakpoint("shop.Orders", "audit"), null, null));
    assertTrue(index.noHitBefore(new MethodBreakpoint("shop.Orders", "neverCalled"), null, null));
  }

  @Test
  void classesTheIndexDoesNotObserveAreNotKnown() {
    assertFalse(index.noHitBefore(new MethodBreakpoint("java.util.HashMap", "put"), stop, null), "the JDK's");
    assertFalse(index.noHitBefore(new MethodBreakpoint("Orders", "audit"), stop, null),
        "a simple name, with no JVM to tell which loaded classes it names");
  }

  @Test
  void catchesAndWatchesAreNotKnown() {
    assertFalse(index.noHitBefore(new ExceptionCatch("java.lang.IllegalStateException", true, true), stop, null));
    assertFalse(index.noHitBefore(new FieldWatch("shop.Orders", "total", false, true, null), stop, null));
  }

  @Test
  void anIndexNotBuiltTellsNothing() {
    assertFalse(new FirstEntries().noHitBefore(new MethodBreakpoint("shop.Orders", "neverCalled"), stop, null));
  }
}
