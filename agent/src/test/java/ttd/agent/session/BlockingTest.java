package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Only threads inside a blocking call are visited, and they stay there while they are. */
class BlockingTest {

  @Test
  void onlyThreadsBlockedRightNowAreVisitedAndTheyAreDescribed() {
    Blocking blocking = new Blocking();
    ThreadState reader = new ThreadState(3, "reader", false, null);
    ThreadState worker = new ThreadState(4, "worker", false, null);
    blocking.begin(reader, "read0");
    blocking.begin(worker, "accept");
    blocking.end(worker);

    List<Integer> visited = new ArrayList<>();
    blocking.whileBlocked(t -> visited.add(t.ordinal()));
    assertEquals(List.of(3), visited);
    assertEquals("thread #3 in read0", blocking.describe());
    blocking.end(reader);
    assertEquals("", blocking.describe());
  }

  @Test
  void aThreadReturningFromItsCallWaitsUntilTheVisitIsOver() throws Exception {
    Blocking blocking = new Blocking();
    ThreadState reader = new ThreadState(1, "reader", false, null);
    blocking.begin(reader, "read0");
    List<String> order = new ArrayList<>();
    Thread returning = new Thread(() -> {
      blocking.end(reader);
      synchronized (order) {
        order.add("returned");
      }
    });
    blocking.whileBlocked(t -> {
      returning.start();
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      synchronized (order) {
        order.add("visited");
      }
    });
    returning.join(5_000);
    assertEquals(List.of("visited", "returned"), order);
    assertTrue(blocking.describe().isEmpty());
  }
}
