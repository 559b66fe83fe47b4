package ttd.agent.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * The hold runs inside the class-loading hook's own first thread-local of a thread (a weak
   * reference of ttd's), so a class it linked lazily would come back to it through its loader
   * before the link is made, until the stack overflowed.
   */
  @Test
  void holdingAndReleasingAskTheirLoaderForNoClassOnceInitialized() throws Exception {
    AskedLoader loader = new AskedLoader(WeakReferents.class.getName());
    Class<?> isolated = Class.forName(WeakReferents.class.getName(), true, loader);
    Object holds = isolated.getConstructor().newInstance();
    java.lang.reflect.Method hold = isolated.getMethod("hold", Reference.class, Object.class);
    Object referent = new Object();
    loader.asked.clear();

    hold.invoke(holds, new WeakReference<>(referent), referent);
    hold.invoke(holds, new PhantomReference<>(referent, new ReferenceQueue<>()), referent);
    hold.invoke(holds, new PhantomReference<>(referent, new ReferenceQueue<>()) {}, referent);
    isolated.getMethod("releasedFor", Runnable.class).invoke(holds, new FullCollection());

    assertEquals(List.of(), loader.asked);
  }

  /** Defines one class (and its nested ones) itself and notes every other class their code asks it for. */
  private static final class AskedLoader extends ClassLoader {
    private final String own;
    final List<String> asked = new ArrayList<>();

    AskedLoader(String own) {
      super(WeakReferentsTest.class.getClassLoader());
      this.own = own;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!name.equals(own) && !name.startsWith(own + "$")) {
        asked.add(name);
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            byte[] b = in.readAllBytes();
            c = defineClass(name, b, 0, b.length);
          } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
          }
        }
        return c;
      }
    }
  }
}
