package ttd.agent.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class OrderRunsTest {

  @Test
  void aRunGoesOnWhileTheThreadsEventsAreTheProgramsNextAndBreaksAtAHandOverOrAnEventOutside() {
    OrderRuns r = new OrderRuns();
    r.event(0, 0);
    r.event(1, 1);
    r.event(2, 2);
    r.event(3, 7); // another thread ran events 3 to 6
    r.event(4, -1); // outside the order (an I/O result while it waited outside the scheduler)
    r.event(5, -1);
    r.event(6, 12);
    assertEquals(4, r.count());
    assertArrayEquals(new long[] {0, 0, 3, 7, 4, -1, 6, 12}, Arrays.copyOf(r.runs(), 8));
  }

  @Test
  void theRunsOfEachWrittenBlockStandOnTheirOwn() {
    OrderRuns r = new OrderRuns();
    r.event(0, 0);
    r.event(1, 1);
    r.written();
    r.event(2, 2);
    assertEquals(1, r.count());
    assertArrayEquals(new long[] {2, 2}, Arrays.copyOf(r.runs(), 2));
  }
}
