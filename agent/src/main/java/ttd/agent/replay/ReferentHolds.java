package ttd.agent.replay;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import ttd.agent.session.References;

/**
 * The referents a replay keeps strongly reachable, so that its own collector clears nothing the
 * recording still saw: each weak or soft reference made without a queue holds its referent here
 * from its making until the recording says the program found it cleared, or until the reference
 * itself is unreachable (then the hold goes too, so a replay keeps no more than the recorded run
 * could have).
 *
 * <p>A doubly linked list without hashing (an identity map would give the program's references
 * identity hashes in replay only); a release scans it, and releases are as rare as the recorded
 * clears. The entries of {@code ThreadLocal}'s maps are not held: their keys are found cleared by
 * code that is not rewritten (see {@code CallSiteRewriter}), and holding them would keep every
 * dropped {@code ThreadLocal} as long as its thread.
 */
final class ReferentHolds {

  private static final String THREAD_LOCAL_ENTRY = "java.lang.ThreadLocal$ThreadLocalMap$Entry";

  private final ReferenceQueue<Reference<?>> gone = new ReferenceQueue<>();
  private final Hold head = new Hold(null, null, null);

  /** A reference {@code ref} to {@code referent} without a queue was just made. */
  void hold(Reference<?> ref, Object referent) {
    if (!(ref instanceof WeakReference || ref instanceof SoftReference)
        || ref.getClass().getName().equals(THREAD_LOCAL_ENTRY)) {
      return;
    }
    Hold h = new Hold(ref, referent, gone);
    synchronized (head) {
      purge();
      h.next = head.next;
      h.prev = head;
      if (head.next != null) {
        head.next.prev = h;
      }
      head.next = h;
    }
  }

  /** The recording found {@code ref} cleared here: clear it and let its referent go. */
  void release(Reference<?> ref) {
    synchronized (head) {
      for (Hold h = head.next; h != null; h = h.next) {
        if (h.refersTo(ref)) {
          unlink(h);
          break;
        }
      }
    }
    References.clear(ref);
  }

  /** How many referents are held (tests). */
  int held() {
    synchronized (head) {
      purge();
      int n = 0;
      for (Hold h = head.next; h != null; h = h.next) {
        n++;
      }
      return n;
    }
  }

  private void purge() {
    for (Reference<?> r; (r = gone.poll()) != null; ) {
      Hold h = (Hold) r;
      if (h.prev != null) {
        unlink(h);
      }
    }
  }

  private static void unlink(Hold h) {
    h.prev.next = h.next;
    if (h.next != null) {
      h.next.prev = h.prev;
    }
    h.prev = null;
    h.next = null;
    h.referent = null;
  }

  /** One held referent, dropped when its reference is collected. */
  private static final class Hold extends WeakReference<Reference<?>> {
    Object referent;
    Hold prev;
    Hold next;

    Hold(Reference<?> ref, Object referent, ReferenceQueue<Reference<?>> gone) {
      super(ref, gone);
      this.referent = referent;
    }
  }
}
