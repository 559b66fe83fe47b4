package ttd.debug.code;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class DiffTest {

  @Test
  void insertionsAreLeftUnmatchedAndTheRestKeepsItsOrder() {
    int[] m = Diff.match(List.of("a", "b", "c"), List.of("t", "a", "b", "h", "c"), 100);
    assertArrayEquals(new int[] {-1, 0, 1, -1, 2}, m);
  }

  @Test
  void aSubstitutionIsADeletionAndAnInsertion() {
    int[] m = Diff.match(List.of("a", "sleep", "c"), List.of("a", "hook", "c"), 100);
    assertArrayEquals(new int[] {0, -1, 2}, m);
  }

  @Test
  void equalSequencesMatchOneToOne() {
    assertArrayEquals(new int[] {0, 1, 2}, Diff.match(List.of("x", "y", "z"), List.of("x", "y", "z"), 0));
  }

  @Test
  void tooManyDifferencesGiveUp() {
    assertNull(Diff.match(List.of("a", "b", "c"), List.of("x", "y", "z"), 2));
  }
}
