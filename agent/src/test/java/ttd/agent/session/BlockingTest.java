package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Only threads inside a blocking call are visited, and they stay there while they are. */
class BlockingTest {

  /** A baton that notes who gave it up and took it back; only odd ordinals are scheduled. */
  private static final class NotingBaton implements Blocking.Baton {
    final List<String> calls = new ArrayList<>();

    @Override
    public synchronized boolean release(ThreadState t, boolean ready) {
      calls.add("release " + t.ordinal() + (ready ? " ready" : ""));
      return t.ordinal() % 2 == 1 && !ready;
    }

    @Override
    public synchronized void retake(ThreadState t, boolean released) {
      calls.add("retake " + t.ordinal() + " " + released);
    }

    @Override
    public boolean holds(ThreadState t) {
      return t.ordinal() % 2 == 1;
    }

    @Override
    public synchronized void offerTurn(ThreadState t) {
      calls.add("offer " + t.ordinal());
    }
  }

  @Test
  void onlyThreadsBlockedRightNowAreVisitedAndTheyAreDescribed() {
    Blocking blocking = new Blocking(new NotingBaton());
    ThreadState reader = new ThreadState(3, "reader", false);
    ThreadState worker = new ThreadState(4, "worker", false);
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
  void theBatonIsGivenUpBeforeTheCallAndTakenBackAfterItOnlyIfItWasGivenUp() {
    NotingBaton baton = new NotingBaton();
    Blocking blocking = new Blocking(baton);
    ThreadState scheduled = new ThreadState(1, "scheduled", false);
    ThreadState free = new ThreadState(2, "free", false);
    assertTrue(blocking.begin(scheduled, "accept"));
    assertEquals(false, blocking.begin(free, "read0"));
    blocking.end(free);
    blocking.end(scheduled);
    assertEquals(
        List.of("release 1", "release 2", "retake 2 false", "retake 1 true"), baton.calls);
  }

  @Test
  void aScheduledThreadWhoseCallCannotBlockKeepsTheBatonAndStaysScheduled() {
    NotingBaton baton = new NotingBaton();
    Blocking blocking = new Blocking(baton);
    ThreadState selecting = new ThreadState(1, "selecting", false);
    assertTrue(blocking.scheduled(selecting));
    assertEquals(false, blocking.begin(selecting, "a selector's wait", true));
    blocking.end(selecting);
    blocking.offerTurn(selecting);
    assertTrue(blocking.scheduled(selecting));
    ThreadState free = new ThreadState(2, "free", false);
    assertEquals(false, blocking.scheduled(free));
    blocking.offerTurn(free);
    assertEquals(List.of("release 1 ready", "retake 1 false", "offer 1"), baton.calls);
  }

  @Test
  void aThreadReturningFromItsCallWaitsUntilTheVisitIsOver() throws Exception {
    Blocking blocking = new Blocking(new NotingBaton());
    ThreadState reader = new ThreadState(1, "reader", false);
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
