package ttd.debug.replayvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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

  @Test
  void whatLabelPrintsParsesBackAndAnEventAloneIsItsBoundary() {
    Position p = new Position(1234, 5000, false);
    assertEquals(p, Position.parse(p.label()));
    assertEquals(new Position(1234, 0, false), Position.parse("1234"));
    assertEquals(new Position(0, 0, false), Position.parse("0.0"));
  }

  @Test
  void aStopsPlaceInItsTickPrintsAndParsesBack() {
    Position p = new Position(154, 2, false).at(new Position.Place(3, 402));
    assertEquals("154.2@3:402", p.label());
    assertEquals(p, Position.parse("154.2@3:402"));
    assertFalse(p.equals(new Position(154, 2, false)), "the tick alone is where the tick begins");
    assertFalse(p.before(new Position(154, 2, false)));
    assertTrue(p.before(new Position(154, 3, false)));
  }

  @Test
  void aPlaceInAMethodWithoutAnEntryTickNamesTheMethodAndParsesBack() {
    Position p = new Position(7462, 0, false).at(new Position.Place(4, 27, "processWorkerExit"));
    assertEquals("7462.0@4:27/processWorkerExit", p.label());
    assertEquals(p, Position.parse(p.label()));
    assertFalse(p.equals(Position.parse("7462.0@4:27")), "another method's place at that depth and bci");
  }

  @Test
  void anythingElseIsNotAPosition() {
    for (String bad : new String[] {"", "x", "-1", "1.", ".5", "1.2.3", "1+5", "1.-5", "end", "12 3", "1.5~2", "99999999999999999999",
        "1@3:4", "1.2@3", "1.2@:4", "1.2@3:", "1.2@3:4:5", "1.2@-3:4", "1.2@3:4/", "1.2@3:4/a.b", "1/x"}) {
      assertNull(Position.parse(bad), bad);
    }
  }

  @Test
  void aPauseAtATickComesBeforeWhatRunsAtThatTickAndLater() {
    Position rung = new Position(7, 100, false);
    assertTrue(rung.pausedBefore(new Position(7, 100, false)), "an instruction of tick 100 runs after its tick point");
    assertTrue(rung.pausedBefore(new Position(7, 101, false)));
    assertTrue(rung.pausedBefore(new Position(8, 0, false)));
    assertFalse(rung.pausedBefore(new Position(7, 99, false)));
    assertFalse(rung.pausedBefore(new Position(6, 500, false)));
    assertFalse(rung.pausedBefore(new Position(7, -1, false)), "a tick not known after the same event cannot be placed");
    assertTrue(new Position(7, 0, false).pausedBefore(new Position(7, -1, false)), "the event boundary comes before all of its stretch");
  }
}
