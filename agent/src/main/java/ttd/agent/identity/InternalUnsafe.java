package ttd.agent.identity;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * The few {@code jdk.internal.misc.Unsafe} operations the agent needs, through method handles.
 *
 * <p>The launcher exports {@code jdk.internal.misc} to the agent's loader only, so the application
 * gains nothing; {@code sun.misc.Unsafe} is avoided because JDK 24+ warns about its memory access.
 */
public final class InternalUnsafe {

  private static final Object UNSAFE;
  private static final MethodHandle GET_INT_ADDRESS;
  private static final MethodHandle PUT_INT_ADDRESS;
  private static final MethodHandle GET_LONG;
  private static final MethodHandle GET_INT;
  private static final MethodHandle PUT_INT;
  private static final MethodHandle PUT_LONG;
  private static final MethodHandle GET_BOOLEAN;
  private static final MethodHandle PUT_BOOLEAN;
  private static final MethodHandle GET_REFERENCE;
  private static final MethodHandle PUT_REFERENCE;
  private static final MethodHandle STATIC_BASE;
  private static final MethodHandle SHOULD_BE_INITIALIZED;
  private static final MethodHandle STATIC_OFFSET;
  private static final MethodHandle FIELD_OFFSET;

  static {
    try {
      Class<?> u = Class.forName("jdk.internal.misc.Unsafe");
      MethodHandles.Lookup l = MethodHandles.lookup();
      UNSAFE = l.findStatic(u, "getUnsafe", MethodType.methodType(u)).invoke();
      GET_INT_ADDRESS = bind(l.findVirtual(u, "getInt", MethodType.methodType(int.class, long.class)));
      PUT_INT_ADDRESS =
          bind(l.findVirtual(u, "putInt", MethodType.methodType(void.class, long.class, int.class)));
      GET_LONG =
          bind(l.findVirtual(u, "getLong", MethodType.methodType(long.class, Object.class, long.class)));
      GET_INT =
          bind(l.findVirtual(u, "getInt", MethodType.methodType(int.class, Object.class, long.class)));
      PUT_INT =
          bind(
              l.findVirtual(
                  u, "putInt", MethodType.methodType(void.class, Object.class, long.class, int.class)));
      PUT_LONG =
          bind(
              l.findVirtual(
                  u,
                  "putLong",
                  MethodType.methodType(void.class, Object.class, long.class, long.class)));
      GET_BOOLEAN =
          bind(
              l.findVirtual(
                  u, "getBoolean", MethodType.methodType(boolean.class, Object.class, long.class)));
      PUT_BOOLEAN =
          bind(
              l.findVirtual(
                  u,
                  "putBoolean",
                  MethodType.methodType(void.class, Object.class, long.class, boolean.class)));
      GET_REFERENCE =
          bind(
              l.findVirtual(
                  u, "getReference", MethodType.methodType(Object.class, Object.class, long.class)));
      PUT_REFERENCE =
          bind(
              l.findVirtual(
                  u,
                  "putReference",
                  MethodType.methodType(void.class, Object.class, long.class, Object.class)));
      SHOULD_BE_INITIALIZED =
          bind(l.findVirtual(u, "shouldBeInitialized", MethodType.methodType(boolean.class, Class.class)));
      STATIC_BASE =
          bind(l.findVirtual(u, "staticFieldBase", MethodType.methodType(Object.class, Field.class)));
      STATIC_OFFSET =
          bind(l.findVirtual(u, "staticFieldOffset", MethodType.methodType(long.class, Field.class)));
      FIELD_OFFSET =
          bind(
              l.findVirtual(
                  u,
                  "objectFieldOffset",
                  MethodType.methodType(long.class, Class.class, String.class)));
    } catch (Throwable t) {
      throw new ExceptionInInitializerError(t);
    }
  }

  private InternalUnsafe() {}

  private static MethodHandle bind(MethodHandle h) {
    return h.bindTo(UNSAFE);
  }

  public static int getInt(long address) {
    try {
      return (int) GET_INT_ADDRESS.invokeExact(address);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static void putInt(long address, int value) {
    try {
      PUT_INT_ADDRESS.invokeExact(address, value);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static long getLong(Object base, long offset) {
    try {
      return (long) GET_LONG.invokeExact(base, offset);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static int getInt(Object base, long offset) {
    try {
      return (int) GET_INT.invokeExact(base, offset);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static void putInt(Object base, long offset, int value) {
    try {
      PUT_INT.invokeExact(base, offset, value);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static void putLong(Object base, long offset, long value) {
    try {
      PUT_LONG.invokeExact(base, offset, value);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static boolean getBoolean(Object base, long offset) {
    try {
      return (boolean) GET_BOOLEAN.invokeExact(base, offset);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static void putBoolean(Object base, long offset, boolean value) {
    try {
      PUT_BOOLEAN.invokeExact(base, offset, value);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static Object getReference(Object base, long offset) {
    try {
      return (Object) GET_REFERENCE.invokeExact(base, offset);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static void putReference(Object base, long offset, Object value) {
    try {
      PUT_REFERENCE.invokeExact(base, offset, value);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** Whether {@code c} has not been initialised yet (reading it so would run its initialiser). */
  public static boolean uninitialized(Class<?> c) {
    try {
      return (boolean) SHOULD_BE_INITIALIZED.invokeExact(c);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** A static field as (base, offset), so it can be read and written whatever its modifiers. */
  public static StaticField staticField(Class<?> owner, String name) {
    try {
      Field f = owner.getDeclaredField(name);
      return new StaticField((Object) STATIC_BASE.invokeExact(f), (long) STATIC_OFFSET.invokeExact(f));
    } catch (Throwable t) {
      throw new IllegalStateException("no static field " + owner.getName() + "." + name, t);
    }
  }

  public static long fieldOffset(Class<?> owner, String name) {
    try {
      return (long) FIELD_OFFSET.invokeExact(owner, name);
    } catch (Throwable t) {
      throw new IllegalStateException("no field " + owner.getName() + "." + name, t);
    }
  }

  /** Where a static field lives. */
  public static final class StaticField {
    final Object base;
    final long offset;

    StaticField(Object base, long offset) {
      this.base = base;
      this.offset = offset;
    }

    public int getInt() {
      return InternalUnsafe.getInt(base, offset);
    }

    public void putInt(int v) {
      InternalUnsafe.putInt(base, offset, v);
    }

    public long getLong() {
      return InternalUnsafe.getLong(base, offset);
    }

    public void putLong(long v) {
      InternalUnsafe.putLong(base, offset, v);
    }

    public Object getReference() {
      try {
        return (Object) GET_REFERENCE.invokeExact(base, offset);
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    }

    public boolean getBoolean() {
      return InternalUnsafe.getBoolean(base, offset);
    }

    public void putBoolean(boolean v) {
      InternalUnsafe.putBoolean(base, offset, v);
    }
  }
}
