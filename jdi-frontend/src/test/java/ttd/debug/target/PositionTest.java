package ttd.debug.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PositionTest {

  @Test
  void positionsOrderByEventThenTickAndTheEndComesLast() {
    Position a = new Position(3, 1, false);
    Position b = new Position(3, 2, false);
    Position c = new Position(4, 0, false);
    Position end = new Position(9, 0, true);
    assertTrue(a.before(b));
    assertTrue(b.before(c));
    assertTrue(c.before(end));
    assertFalse(end.before(c));
    assertFalse(a.before(a));
    assertTrue(Position.START.before(a));
  }

  @Test
  void labelsAreEventDotTick() {
    assertEquals("57.2", new Position(57, 2, false).label());
    assertEquals("end", new Position(57, 0, true).label());
  }
}
