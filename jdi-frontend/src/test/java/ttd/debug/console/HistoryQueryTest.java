package ttd.debug.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ttd.debug.BadInput;
import ttd.debug.replayvm.Position;

class HistoryQueryTest {

  @Test
  void aTargetAloneAsksForItsLastTwentyWrites() {
    HistoryQuery q = HistoryQuery.parse("order.total");
    assertEquals("order", q.owner());
    assertEquals("total", q.field());
    assertEquals(HistoryQuery.DEFAULT_LAST, q.last());
    assertNull(q.from());
    assertNull(q.value());
  }

  @Test
  void lastAllRangeAndValueCombine() {
    HistoryQuery q = HistoryQuery.parse("shop.Cart.total --last 5 40..57.1200 == -750");
    assertEquals("shop.Cart", q.owner());
    assertEquals(5, q.last());
    assertEquals(new Position(40, 0, false), q.from());
    assertEquals(new Position(57, 1200, false), q.to());
    assertEquals("-750", q.value());
    assertEquals("shop.Cart.total 40.0..57.1200 == -750", q.describe());
    assertEquals(0, HistoryQuery.parse("a.b --all").last());
    assertNull(HistoryQuery.parse("a.b ..9").from());
    assertNull(HistoryQuery.parse("a.b 9..").to());
  }

  @Test
  void badQueriesSayWhatIsWrongInOneLine() {
    assertTrue(assertThrows(BadInput.class, () -> HistoryQuery.parse("total")).getMessage().startsWith("malformed history 'total'"));
    assertEquals("malformed history 'a.b --last x': --last takes a count from 1 to 999999999, not x; --all lists every write",
        assertThrows(BadInput.class, () -> HistoryQuery.parse("a.b --last x")).getMessage());
    assertTrue(assertThrows(BadInput.class, () -> HistoryQuery.parse("a.b --last 0")).getMessage().contains("--last takes a count from 1"));
    assertTrue(assertThrows(BadInput.class, () -> HistoryQuery.parse("a.b --last -3")).getMessage().contains(", not -3;"));
    assertTrue(assertThrows(BadInput.class, () -> HistoryQuery.parse("a.b --last")).getMessage().endsWith("999999999; --all lists every write"));
    assertTrue(assertThrows(BadInput.class, () -> HistoryQuery.parse("a.b 9..3")).getMessage().contains("ends before it starts"));
    assertTrue(assertThrows(BadInput.class, () -> HistoryQuery.parse("a.b ==")).getMessage().contains("== needs a value"));
  }
}
