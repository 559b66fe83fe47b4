package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulePolicyTest {

  private final List<SchedThread> threads = List.of(
      new SchedThread(0, new Thread("t0"), null), new SchedThread(1, new Thread("t1"), null),
      new SchedThread(2, new Thread("t2"), null), new SchedThread(3, new Thread("t3"), null));

  @Test
  void chaosWithTheSameSeedMakesTheSameChoicesAndSlices() {
    assertEquals(decisions(SchedulePolicy.chaos(42)), decisions(SchedulePolicy.chaos(42)));
  }

  @Test
  void chaosWithAnotherSeedMakesOtherChoices() {
    assertNotEquals(decisions(SchedulePolicy.chaos(42)), decisions(SchedulePolicy.chaos(43)));
  }

  /** 1 000 decisions among two to four candidates: the thread chosen and its slice, in turn. */
  private List<Long> decisions(SchedulePolicy policy) {
    List<Long> made = new ArrayList<>();
    SchedThread current = threads.get(0);
    for (int i = 0; i < 1_000; i++) {
      List<SchedThread> candidates = threads.subList(0, 2 + i % 3);
      current = policy.choose(current, candidates);
      made.add((long) current.ordinal);
      made.add(policy.budget());
    }
    return made;
  }
}
