package ttd.runtime;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;

/**
 * What a program observes of the garbage collector through weak and soft references: {@code
 * Reference.get()} and {@code refersTo(null)} call sites (named through {@code Reference}, {@code
 * WeakReference}, {@code SoftReference} or a subclass), and the making of every reference, where a
 * replay holds the referent.
 *
 * <p>Each observation by the thread holding the baton, outside agent code, is counted on its
 * {@link BatonClock}; the agent is called only when the reference is found cleared or the count
 * reaches {@link BatonClock#referenceAnswerAt} (replay: the observation at which the log answers
 * next), so the common "still there" costs a load, a compare and an increment. Defined into the
 * bootstrap loader like {@link Hooks}.
 */
public final class ReferenceHooks {

  /** Set by a replay: each reference made tells the agent, which holds its referent. */
  private static volatile boolean holding;

  private ReferenceHooks() {}

  /** A replay holds referents from now on. */
  public static void holdReferents() {
    holding = true;
  }

  /**
   * After a call of {@code get()}: {@code value} is what the real call returned; the result is what
   * the program sees (null where the recording found the reference cleared).
   */
  public static Object onReferenceGet(Reference<?> ref, Object value, int site) {
    BatonClock c = ScheduleHooks.holder();
    if (c == null || c.thread != Thread.currentThread() || c.owner.busy || ReplayPosition.evaluating) {
      return value;
    }
    if (!answered(ref)) {
      return value;
    }
    long n = ++c.referenceObservations;
    if (value != null && n < c.referenceAnswerAt) {
      return value;
    }
    HookDelegate d = Hooks.delegate();
    return d != null && d.onReferenceObserved(ref, value == null, site, n) ? null : value;
  }

  /** Replaces {@code ref.refersTo(obj)}; only {@code refersTo(null)} observes the collector. */
  @SuppressWarnings("unchecked")
  public static boolean onReferenceRefersTo(Reference<?> ref, Object obj, int site) {
    boolean refers = ((Reference<Object>) ref).refersTo(obj);
    if (obj != null) {
      return refers; // a strongly held obj cannot have been cleared from ref
    }
    BatonClock c = ScheduleHooks.holder();
    if (c == null || c.thread != Thread.currentThread() || c.owner.busy || ReplayPosition.evaluating) {
      return refers;
    }
    if (!answered(ref)) {
      return refers;
    }
    long n = ++c.referenceObservations;
    if (!refers && n < c.referenceAnswerAt) {
      return false;
    }
    HookDelegate d = Hooks.delegate();
    return d == null ? refers : d.onReferenceObserved(ref, refers, site, n);
  }

  /**
   * Whether looks at {@code ref} are counted, logged and answered: a weak or soft reference made
   * without a queue. One made with a queue is left as it was before ttd recorded collector
   * observations: the collector enqueues what it clears, and a replay answering "cleared" would
   * also have to deliver the reference at the same {@code poll}, which ttd does not do yet; and
   * its looks are not counted, since how many a program makes (a chain of a hash map's entries,
   * shorter once the map purged what its queue delivered) depends on the collector too. Read from
   * the reference's own state, the same in record and replay: {@code queue} is the JDK's null
   * queue and {@code next} null exactly for the references made without one ({@code next} is set
   * when a reference is enqueued and stays set after it is polled, when {@code queue} goes back to
   * the null queue).
   */
  public static boolean answered(Reference<?> ref) {
    return !(ref instanceof java.lang.ref.PhantomReference)
        && Fields.QUEUE.get(ref) == Fields.NULL_QUEUE
        && Fields.NEXT.get(ref) == null;
  }

  /** {@code Reference}'s fields, read once the agent opened {@code java.lang.ref} to the hooks. */
  private static final class Fields {
    static final java.lang.invoke.VarHandle QUEUE;
    static final java.lang.invoke.VarHandle NEXT;
    static final Object NULL_QUEUE;

    static {
      try {
        java.lang.invoke.MethodHandles.Lookup ref = java.lang.invoke.MethodHandles.privateLookupIn(
            Reference.class, java.lang.invoke.MethodHandles.lookup());
        QUEUE = ref.findVarHandle(Reference.class, "queue", ReferenceQueue.class);
        NEXT = ref.findVarHandle(Reference.class, "next", Reference.class);
        java.lang.invoke.MethodHandles.Lookup queue = java.lang.invoke.MethodHandles.privateLookupIn(
            ReferenceQueue.class, java.lang.invoke.MethodHandles.lookup());
        Object nullQueue;
        try {
          nullQueue = queue.findStaticVarHandle(ReferenceQueue.class, "NULL_QUEUE", ReferenceQueue.class).get();
        } catch (NoSuchFieldException e) {
          nullQueue = queue.findStaticVarHandle(ReferenceQueue.class, "NULL", ReferenceQueue.class).get(); // JDK 17
        }
        NULL_QUEUE = nullQueue;
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }

  /** At the end of {@code Reference(referent, queue)}. */
  public static void onReferenceMade(Reference<?> ref, Object referent, ReferenceQueue<?> queue) {
    if (!holding || queue != null || referent == null) {
      return;
    }
    HookDelegate d = Hooks.delegate();
    if (d != null) {
      d.onReferenceMade(ref, referent);
    }
  }
}
