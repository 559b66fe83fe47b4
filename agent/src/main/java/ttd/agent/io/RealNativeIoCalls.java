package ttd.agent.io;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import ttd.runtime.NativeIoOp;
import ttd.runtime.RealNativeIo;

/**
 * Calls the real JDK methods behind {@link ttd.runtime.NativeIoHooks} through method handles,
 * found on first use from {@link NativeIoTable} (the launcher opens {@code sun.nio.fs}, {@code
 * sun.nio.ch} and {@code java.io} to the agent's loader). Each handle takes the arguments as one
 * array and returns the result boxed.
 */
public final class RealNativeIoCalls implements RealNativeIo {

  private static final MethodType SPREAD = MethodType.methodType(Object.class, Object[].class);
  private static final MethodHandle[] HANDLES = new MethodHandle[NativeIoOp.PROCESS_LIST + 1];

  /**
   * Resolves the handle of every operation this JDK has, at start-up, in both modes. Resolving
   * makes method handles and lambda forms that the JDK caches by shape and that the program may
   * need later; resolved on first use, a recording and its replay made different ones before the
   * program ran (they use different operations for the launch's own files), so a program that then
   * needed one of those shapes spun it in one mode only and drew identity hashes there
   * ({@code jackson.OrdersJson}: two {@code LambdaForm$DMH} classes in a Jackson static
   * initialiser when recorded, one when replayed).
   */
  public static void prepare() {
    for (int op = 0; op < HANDLES.length; op++) {
      try {
        HANDLES[op] = resolve(op);
      } catch (IllegalStateException notOnThisJdk) {
        // resolved, and refused, again on first use
      }
    }
  }

  /** Whether {@code op}'s handle is resolved. */
  static boolean resolved(int op) {
    return HANDLES[op] != null;
  }

  @Override
  public Object call(int op, Object[] args) throws Exception {
    MethodHandle h = HANDLES[op];
    if (h == null) {
      h = resolve(op);
      HANDLES[op] = h;
    }
    try {
      return (Object) h.invokeExact(args);
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** The first method the table names for {@code op} that this JDK has. */
  private static MethodHandle resolve(int op) {
    for (NativeIoTable.Entry e : NativeIoTable.entries()) {
      if (e.op != op) {
        continue;
      }
      try {
        Class<?> owner = Class.forName(e.owner.replace('/', '.'), false, null);
        MethodHandles.Lookup l = MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
        MethodType type = MethodType.fromMethodDescriptorString(e.desc, null);
        MethodHandle h = e.isStatic ? l.findStatic(owner, e.name, type) : l.findVirtual(owner, e.name, type);
        return h.asSpreader(Object[].class, h.type().parameterCount()).asType(SPREAD);
      } catch (ReflectiveOperationException | TypeNotPresentException notOnThisJdk) {
        // the other JDK's variant
      }
    }
    throw new IllegalStateException("no JDK method for native I/O operation " + op);
  }
}
