package ttd.agent.io;

import java.lang.invoke.MethodType;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import ttd.runtime.NativeIoOp;
import ttd.runtime.RealNativeIo;

/**
 * Calls the real JDK methods behind {@link ttd.runtime.NativeIoHooks} by reflection, found from
 * {@link NativeIoTable} (the launcher opens {@code sun.nio.fs}, {@code sun.nio.ch}, {@code
 * java.util.prefs} and {@code java.io} to the agent's loader). Reflection stays on the JDK's native
 * accessor (premain turns inflation off, and on 18+ sets the reflection factory's native-only
 * switch), so a call spins no class. Method handles spun lambda forms for every shape of
 * operation, about 190 ms of each recording's and replay's start-up.
 *
 * <p>{@link #find} and {@link #invoke} also serve the calls that recorded values replace ({@code
 * RealValueCalls}). They live here, not in a class of their own, because this class is loaded
 * before its first call: a class loaded by that call would be read from the agent's jar through
 * the very hooks it serves, and recurse.
 */
public final class RealNativeIoCalls implements RealNativeIo {

  private static final Method[] METHODS = new Method[NativeIoOp.WATCH_WAKEUP + 1];
  private static final Overrides OVERRIDES = new Overrides();
  /** The operations a call through a program's type may reach ({@link NativeIoTable.Entry#reachedByDispatch}). */
  private static final boolean[] DISPATCHED = new boolean[METHODS.length];

  static {
    for (NativeIoTable.Entry e : NativeIoTable.entries()) {
      DISPATCHED[e.op] |= e.reachedByDispatch;
    }
  }

  /**
   * Finds the method of every operation this JDK has, at start-up, in both modes: finding one links
   * the class it lives in ({@code UnixCopyFile} among them), and a class linked by the recording's
   * first real call but by the replay's program would draw its identity hash from another thread's
   * sequence in each.
   */
  public static void prepare() {
    for (int op = 0; op < METHODS.length; op++) {
      try {
        METHODS[op] = resolve(op);
      } catch (IllegalStateException notOnThisJdk) {
        // found, and refused, again on first use
      }
    }
  }

  /** Whether {@code op}'s method is found. */
  static boolean resolved(int op) {
    return METHODS[op] != null;
  }

  @Override
  public Object call(int op, Object[] args) throws Exception {
    Method m = method(op);
    if (DISPATCHED[op] && args[0].getClass() != m.getDeclaringClass() && OVERRIDES.overrides(args[0].getClass(), m)) {
      return OVERRIDES.callSuper(m, args); // an override's own super call: reflection would run the override
    }
    return invoke(m, args);
  }

  @Override
  public boolean resolvesToJdkMethod(int op, Class<?> type) {
    if (!DISPATCHED[op]) {
      return false;
    }
    Method m = method(op);
    return type == m.getDeclaringClass()
        || m.getDeclaringClass().isAssignableFrom(type) && !OVERRIDES.overrides(type, m);
  }

  private static Method method(int op) {
    Method m = METHODS[op];
    if (m == null) {
      m = resolve(op);
      METHODS[op] = m;
    }
    return m;
  }

  /** The first method the table names for {@code op} that this JDK has. */
  private static Method resolve(int op) {
    for (NativeIoTable.Entry e : NativeIoTable.entries()) {
      Method m = e.op == op ? find(e.owner, e.name, e.desc, e.isStatic) : null;
      if (m != null) {
        return m;
      }
    }
    throw new IllegalStateException("no JDK method for native I/O operation " + op);
  }

  /**
   * The method, made accessible, or null where this JDK has none of that shape or the launcher did
   * not open its package to the agent's loader.
   */
  public static Method find(String owner, String name, String desc, boolean isStatic) {
    try {
      Class<?> type = Class.forName(owner.replace('/', '.'), false, null);
      MethodType shape = MethodType.fromMethodDescriptorString(desc, null);
      Method m = type.getDeclaredMethod(name, shape.parameterArray());
      if (m.getReturnType() != shape.returnType() || Modifier.isStatic(m.getModifiers()) != isStatic) {
        return null;
      }
      m.setAccessible(true);
      return m;
    } catch (ReflectiveOperationException | TypeNotPresentException notOnThisJdk) {
      return null;
    } catch (InaccessibleObjectException notOpened) {
      return null;
    }
  }

  /**
   * Calls {@code m} with a call site's arguments (the receiver first for an instance method); what
   * it throws comes out as itself.
   */
  public static Object invoke(Method m, Object[] args) throws Exception {
    try {
      return Modifier.isStatic(m.getModifiers())
          ? m.invoke(null, args)
          : m.invoke(args[0], Arrays.copyOfRange(args, 1, args.length));
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception) {
        throw (Exception) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
