package ttd.debug.time;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.Motion;

/** Which JVM on its way to a parking place a search may wait for, by where its replay started. */
class PoolTest {

  private static final Motion RUN = Motion.run(List.of());
  private static final List<Motion> RUNG = List.of(Motion.pause(9, 0, RUN));

  /** No launcher: a build that brings no JVM fails, which is all these tests need of it. */
  private final Pool pool = new Pool(null, 0, 4, 1);
  private final CountDownLatch started = new CountDownLatch(1);
  private final CountDownLatch finish = new CountDownLatch(1);

  @AfterEach
  void close() {
    finish.countDown();
    pool.close();
  }

  /** A JVM on its way to the rung at event 9, taken from the rung at event 5, not there yet. */
  private void comingFromEventFive() throws InterruptedException {
    pool.parkCopies(RUNG, List.of(), 1, (path, origin) -> {
      origin.accept(new Position(5, 0, false));
      started.countDown();
      try {
        finish.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("no JVM in this test");
    });
    assertTrue(started.await(10, TimeUnit.SECONDS));
  }

  @Test
  void aJvmComingFromARungAtLeastAsNearIsTakenAndWaitedFor() throws Exception {
    comingFromEventFive();
    CompletableFuture<Driver> taken = CompletableFuture.supplyAsync(() -> pool.takeComing(RUNG, new Position(4, 0, false)));
    for (long end = System.nanoTime() + 10_000_000_000L; pool.count(RUNG)[1] != 0 && System.nanoTime() < end; ) {
      Thread.sleep(10);
    }
    assertArrayEquals(new int[] {0, 0}, pool.count(RUNG), "the search took it from the pool");
    assertFalse(taken.isDone(), "the search waits for the JVM to arrive");
    finish.countDown();
    assertNull(taken.get(10, TimeUnit.SECONDS), "its build failed: no JVM, and nothing left parked");
  }

  @Test
  void aBuildThatFailsLeavesItsPlaceForANewOne() throws Exception {
    pool.parkCopies(RUNG, List.of(), 1, (path, origin) -> {
      throw new IllegalStateException("the replay ended before its pause");
    });
    for (long end = System.nanoTime() + 10_000_000_000L; pool.count(RUNG)[1] != 0 && System.nanoTime() < end; ) {
      Thread.sleep(10);
    }
    assertArrayEquals(new int[] {0, 0}, pool.count(RUNG), "nothing is counted as parked there");
    assertFalse(pool.parkedAt(RUNG));
    CountDownLatch again = new CountDownLatch(1);
    pool.parkCopies(RUNG, List.of(), 1, (path, origin) -> {
      again.countDown();
      throw new IllegalStateException("no JVM in this test");
    });
    assertTrue(again.await(10, TimeUnit.SECONDS), "parking there again builds a new JVM");
  }

  @Test
  void aJvmComingFromFurtherBackIsLeftOnItsWay() throws Exception {
    comingFromEventFive();
    assertNull(pool.takeComing(RUNG, new Position(6, 0, false)), "a rung at event 6 has a JVM that arrived: it is nearer");
    assertArrayEquals(new int[] {0, 1}, pool.count(RUNG), "still on its way, for the rung");
    assertFalse(pool.hasReady(RUNG));
  }
}
