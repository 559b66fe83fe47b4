package ttd.agent.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

/** What {@link WeakReferents} keeps reachable, and where it stops. */
class WeakReferentsTest {

  @Test
  void aHeldReferentOutlivesACollectionThatClearsAnUnheldOne() {
    WeakReferents holds = new WeakReferents();
    Object referent = new Object();
    holds.hold(referent);
    WeakReference<Object> held = new WeakReference<>(referent);
    referent = null;
    WeakReference<Object> unheld = new WeakReference<>(new Object());

    System.gc();

    assertNotNull(held.get());
    assertNull(unheld.get());
  }

  @Test
  void referentsBeyondTheCapAreLeftToTheCollector() {
    WeakReferents holds = new WeakReferents();
    for (int i = 0; i < WeakReferents.CAP; i++) {
      holds.hold(Integer.valueOf(i));
    }
    Object referent = new Object();
    holds.hold(referent);
    WeakReference<Object> late = new WeakReference<>(referent);
    referent = null;

    System.gc();

    assertEquals(WeakReferents.CAP, holds.held());
    assertNull(late.get());
  }
}
