package ttd.debug.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Work that waits while a command holds it, as the ladder's replacements do. */
class HeldWorkTest {

  private final HeldWork<String> work = new HeldWork<>();

  @Test
  void workWithNoHoldIsDoneAtOnce() {
    assertFalse(work.defer("rung 1"));
    assertEquals(List.of(), work.release(), "a release without a hold frees nothing");
  }

  @Test
  void workDuringAHoldWaitsForItsEndOnceEachInTheOrderItCame() {
    work.hold();
    assertTrue(work.defer("rung 2"));
    assertTrue(work.defer("rung 1"));
    assertTrue(work.defer("rung 2"));
    assertEquals(List.of("rung 2", "rung 1"), work.release());
    assertFalse(work.defer("rung 3"), "after the hold, work is done at once");
    assertEquals(List.of(), work.release());
  }

  @Test
  void nestedHoldsFreeTheWorkOnlyAtTheLastRelease() {
    work.hold();
    work.hold();
    assertTrue(work.defer("rung 1"));
    assertEquals(List.of(), work.release());
    assertTrue(work.defer("rung 2"), "one hold is still on");
    assertEquals(List.of("rung 1", "rung 2"), work.release());
  }
}
