package ttd.agent.identity;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * The collection a program's {@code System.gc()} asks for, run by ttd with its holds let go
 * ({@link WeakReferents#releasedFor}): the JVM's own collection, then a wait until the reference
 * handler has enqueued every reference it cleared. Without the wait, whether the program's next
 * {@code ReferenceQueue.poll} (a {@code WeakHashMap}'s size) finds them would be the handler
 * thread's timing.
 */
public final class FullCollection implements Runnable {

  /** {@code JavaLangRefAccess.waitForReferenceProcessing}, on the JDK's instance of it. */
  private static final Method WAIT;
  private static final Object REF_ACCESS;

  static {
    try {
      Class<?> secrets = Class.forName("jdk.internal.access.SharedSecrets");
      REF_ACCESS = secrets.getMethod("getJavaLangRefAccess").invoke(null);
      WAIT = Class.forName("jdk.internal.access.JavaLangRefAccess").getMethod("waitForReferenceProcessing");
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public void run() {
    Runtime.getRuntime().gc();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          if (!(boolean) WAIT.invoke(REF_ACCESS)) {
            return;
          }
        } catch (InvocationTargetException e) {
          if (!(e.getCause() instanceof InterruptedException)) {
            throw new IllegalStateException(e.getCause());
          }
          interrupted = true;
        }
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
