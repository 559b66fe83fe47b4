package ttd.agent.session;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How the outcome of a file-system call is written in a recording and given back in replay: a
 * result (void, a number, bytes or null), or the exception it threw ({@code sun.nio.fs}'s {@code
 * UnixException} with its errno, or an {@code IOException} with its message), plus the attributes
 * a {@code stat} filled in.
 *
 * <p>Text form: {@code "-"} for no result, {@code "=I…"/"=J…"/"=Z…"} numbers, {@code "=B…"}
 * bytes (one char each), {@code "!U<errno> <message>"}, {@code "!I<message>"}, {@code "!F<message>"} (file not found) or {@code "!S<message>"} (sync failed) errors; a stat's
 * (or statvfs's) attributes follow after {@code '\u0001'} as comma-separated numbers.
 */
final class NativeOutcomes {

  private static final char ATTRS = '\u0001';
  private static final Class<?> UNIX_EXCEPTION;
  private static final MethodHandle ERRNO;
  private static final MethodHandle MSG;
  private static final MethodHandle SET_MSG;
  private static final MethodHandle NEW_UNIX_EXCEPTION;
  /** The primitive fields a stat (or statvfs) fills in, by class, in name order. */
  private static final ClassValue<List<Field>> ATTRIBUTE_FIELDS =
      new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
          List<Field> fields = new ArrayList<>();
          for (Field f : type.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && f.getType().isPrimitive()) {
              f.setAccessible(true);
              fields.add(f);
            }
          }
          fields.sort(Comparator.comparing(Field::getName));
          return fields;
        }
      };

  static {
    try {
      UNIX_EXCEPTION = Class.forName("sun.nio.fs.UnixException", false, null);
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(UNIX_EXCEPTION, MethodHandles.lookup());
      ERRNO = l.findGetter(UNIX_EXCEPTION, "errno", int.class);
      MSG = l.findGetter(UNIX_EXCEPTION, "msg", String.class);
      SET_MSG = l.findSetter(UNIX_EXCEPTION, "msg", String.class);
      NEW_UNIX_EXCEPTION = l.findConstructor(UNIX_EXCEPTION, MethodType.methodType(void.class, int.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private NativeOutcomes() {}

  static String ofResult(Object result) {
    if (result == null) {
      return "-";
    }
    if (result instanceof byte[]) {
      return "=B" + new String((byte[]) result, StandardCharsets.ISO_8859_1);
    }
    if (result instanceof Boolean) {
      return "=Z" + ((Boolean) result ? 1 : 0);
    }
    if (result instanceof int[]) {
      StringBuilder b = new StringBuilder("=A");
      for (int v : (int[]) result) {
        b.append(b.length() > 2 ? "," : "").append(v);
      }
      return b.toString();
    }
    return (result instanceof Integer ? "=I" : "=J") + result;
  }

  /** The logged form of an error, or null if it is not an I/O error (it is then thrown unlogged). */
  static String ofError(Throwable e) {
    try {
      if (UNIX_EXCEPTION.isInstance(e)) {
        String msg = (String) MSG.invoke(e);
        return "!U" + (int) ERRNO.invoke(e) + " " + (msg == null ? "" : msg);
      }
    } catch (Throwable t) {
      return "!I" + e.getMessage();
    }
    if (e instanceof java.io.FileNotFoundException) {
      return "!F" + e.getMessage();
    }
    if (e instanceof java.io.SyncFailedException) {
      return "!S" + e.getMessage();
    }
    return e instanceof IOException ? "!I" + e.getMessage() : null;
  }

  /** The result an outcome gives back, or its error thrown again. */
  static Object result(String outcome) throws Exception {
    String o = withoutAttributes(outcome);
    if (o.startsWith("!")) {
      throw error(o);
    }
    if (o.equals("-")) {
      return null;
    }
    String v = o.substring(2);
    switch (o.charAt(1)) {
      case 'B':
        return v.getBytes(StandardCharsets.ISO_8859_1);
      case 'Z':
        return v.equals("1");
      case 'A':
        return ints(v);
      case 'I':
        return Integer.parseInt(v);
      default:
        return Long.parseLong(v);
    }
  }

  /** The int array logged as comma-separated numbers (no stream: this runs on program threads). */
  private static int[] ints(String v) {
    String[] parts = v.isEmpty() ? new String[0] : v.split(",");
    int[] values = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      values[i] = Integer.parseInt(parts[i]);
    }
    return values;
  }

  private static Exception error(String o) {
    if (o.charAt(1) == 'U') {
      int sp = o.indexOf(' ');
      try {
        Exception e = (Exception) NEW_UNIX_EXCEPTION.invoke(Integer.parseInt(o.substring(2, sp)));
        if (sp + 1 < o.length()) {
          SET_MSG.invoke(e, o.substring(sp + 1));
        }
        return e;
      } catch (Throwable t) {
        return new IOException(o.substring(sp + 1));
      }
    }
    switch (o.charAt(1)) {
      case 'F':
        return new java.io.FileNotFoundException(o.substring(2));
      case 'S':
        return new java.io.SyncFailedException(o.substring(2));
      default:
        return new IOException(o.substring(2));
    }
  }

  private static String withoutAttributes(String outcome) {
    int a = outcome.indexOf(ATTRS);
    return a < 0 ? outcome : outcome.substring(0, a);
  }

  /** Appends the attributes a stat filled in: an object's primitive fields, or a {@code long[]}'s elements. */
  static String withAttributes(String outcome, Object attrs) {
    StringBuilder b = new StringBuilder(outcome).append(ATTRS);
    if (attrs instanceof long[]) {
      for (long v : (long[]) attrs) {
        b.append(v).append(',');
      }
      return b.toString();
    }
    try {
      for (Field f : ATTRIBUTE_FIELDS.get(attrs.getClass())) {
        Object v = f.get(attrs);
        b.append(v instanceof Boolean ? ((Boolean) v ? 1 : 0) : ((Number) v).longValue()).append(',');
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    return b.toString();
  }

  /** Fills the attributes a recorded stat found into {@code attrs}; false if there were none. */
  static boolean fillAttributes(String outcome, Object attrs) {
    int a = outcome.indexOf(ATTRS);
    if (a < 0) {
      return false;
    }
    String[] values = outcome.substring(a + 1).split(",");
    if (attrs instanceof long[]) {
      long[] filled = (long[]) attrs;
      for (int i = 0; i < filled.length && i < values.length; i++) {
        filled[i] = Long.parseLong(values[i]);
      }
      return true;
    }
    List<Field> fields = ATTRIBUTE_FIELDS.get(attrs.getClass());
    try {
      for (int i = 0; i < fields.size() && i < values.length; i++) {
        Field f = fields.get(i);
        long v = Long.parseLong(values[i]);
        if (f.getType() == int.class) {
          f.setInt(attrs, (int) v);
        } else if (f.getType() == long.class) {
          f.setLong(attrs, v);
        } else if (f.getType() == boolean.class) {
          f.setBoolean(attrs, v != 0);
        }
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    return true;
  }
}
