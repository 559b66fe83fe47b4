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
    long n = ++c.referenceObservations;
    if (!refers && n < c.referenceAnswerAt) {
      return false;
    }
    HookDelegate d = Hooks.delegate();
    return d == null ? refers : d.onReferenceObserved(ref, refers, site, n);
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
