package ttd.agent.session;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;

/**
 * Which observed references ttd answers from the log, and clearing one as the collector would.
 *
 * <p>A reference made with a queue is left as it was before ttd recorded collector observations
 * (its clears are neither logged nor answered, its referent not held): the collector enqueues
 * what it clears, and a replay that answered "cleared" from the log would also have to deliver the
 * reference at the same {@code poll}, which ttd does not do yet. Whether a reference has a queue
 * is read from its own state, the same in record and replay: {@code queue} is the JDK's null queue
 * and {@code next} null for exactly the references made without one ({@code next} is set when a
 * reference is enqueued and stays set after it is polled, when {@code queue} goes back to the null
 * queue). Phantom references are never answered.
 */
public final class References {

  private static final VarHandle QUEUE;
  private static final VarHandle NEXT;
  private static final Object NULL_QUEUE;
  private static final MethodHandle CLEAR;

  static {
    try {
      MethodHandles.Lookup ref = MethodHandles.privateLookupIn(Reference.class, MethodHandles.lookup());
      QUEUE = ref.findVarHandle(Reference.class, "queue", ReferenceQueue.class);
      NEXT = ref.findVarHandle(Reference.class, "next", Reference.class);
      CLEAR = ref.findVirtual(Reference.class, "clear0", MethodType.methodType(void.class));
      MethodHandles.Lookup queue = MethodHandles.privateLookupIn(ReferenceQueue.class, MethodHandles.lookup());
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

  private References() {}

  /** Whether the log answers observations of {@code ref}: a weak or soft reference without a queue. */
  public static boolean answered(Reference<?> ref) {
    return !(ref instanceof PhantomReference) && QUEUE.getVolatile(ref) == NULL_QUEUE && NEXT.getVolatile(ref) == null;
  }

  /** Clears {@code ref} as the collector does (not through a {@code clear()} a subclass may override). */
  public static void clear(Reference<?> ref) {
    try {
      CLEAR.invokeExact(ref);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
}
