package ttd.agent.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

/** What {@link WeakReferents} keeps reachable, where it stops, and what a requested collection clears. */
class WeakReferentsTest {

  @Test
  void aHeldReferentOutlivesACollectionThatClearsAnUnheldOne() {
    WeakReferents holds = new WeakReferents();
    Object referent = new Object();
    WeakReference<Object> held = new WeakReference<>(referent);
    holds.hold(held, referent);
    referent = null;
    WeakReference<Object> unheld = new WeakReference<>(new Object());

    System.gc();

    assertNotNull(held.get());
    assertNull(unheld.get());
  }

  @Test
  void referentsBeyondTheCapAreLeftToTheCollector() {
    WeakReferents holds = new WeakReferents();
    WeakReference<Object> some = new WeakReference<>(null);
    for (int i = 0; i < WeakReferents.CAP; i++) {
      holds.hold(some, Integer.valueOf(i));
    }
    Object referent = new Object();
    WeakReference<Object> late = new WeakReference<>(referent);
    holds.hold(late, referent);
    referent = null;

    System.gc();

    assertEquals(WeakReferents.CAP, holds.held());
    assertNull(late.get());
  }

  @Test
  void aRequestedCollectionClearsWhatNothingElseReachesEnqueuesItAndHoldsTheRestAgain() throws Exception {
    WeakReferents holds = new WeakReferents();
    ReferenceQueue<Object> queue = new ReferenceQueue<>();
    Object kept = new Object();
    WeakReference<Object> reached = new WeakReference<>(kept, queue);
    holds.hold(reached, kept);
    Object dropped = new Object();
    WeakReference<Object> unreached = new WeakReference<>(dropped, queue);
    holds.hold(unreached, dropped);
    dropped = null;

    holds.releasedFor(new FullCollection());

    assertNull(unreached.get(), "nothing but the hold reached it");
    assertSame(unreached, queue.poll(), "enqueued by the time the collection returns");
    assertSame(kept, reached.get());
    assertEquals(1, holds.held(), "the cleared reference is forgotten");
    kept = null;
    System.gc();
    assertNotNull(reached.get(), "held again after the requested collection");
  }

  @Test
  void aSubclassOverrideOfGetIsNotRunByTheHolds() {
    WeakReferents holds = new WeakReferents();
    Object referent = new Object();
    int[] calls = {0};
    WeakReference<Object> own = new WeakReference<>(referent) {
      @Override
      public Object get() {
        calls[0]++;
        return null;
      }
    };
    holds.hold(own, referent);

    holds.releasedFor(() -> {});

    assertEquals(1, holds.held(), "the referent is there, whatever the override says");
    assertEquals(0, calls[0]);
  }
}
