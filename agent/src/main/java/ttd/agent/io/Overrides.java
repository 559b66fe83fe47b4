package ttd.agent.io;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which program classes override a public native of {@code RandomAccessFile} that a virtual call
 * may reach, and the non-virtual call of that native for an override's {@code super} call.
 *
 * <p>A program's subclass that declares {@code getFilePointer()} again runs its own code for a
 * virtual call, so the hook does not stand in there; its {@code super.getFilePointer()} is
 * replaced by the hook, whose real call must then run the JDK's native itself: by reflection it
 * would dispatch to the override again, forever. Only that rare call pays for a method handle.
 */
final class Overrides {

  /** Per class: whether it, or a superclass below the method's own class, declares each method asked about again. */
  private final ClassValue<Map<Method, Boolean>> declared = new ClassValue<>() {
    @Override
    protected Map<Method, Boolean> computeValue(Class<?> type) {
      return new ConcurrentHashMap<>();
    }
  };
  private final Map<Method, MethodHandle> supers = new ConcurrentHashMap<>();

  /** Whether a class between {@code type} and {@code m}'s declaring class declares {@code m} again. */
  boolean overrides(Class<?> type, Method m) {
    return declared.get(type).computeIfAbsent(m, k -> declaresAgain(type, k));
  }

  private static boolean declaresAgain(Class<?> type, Method m) {
    for (Class<?> c = type; c != null && c != m.getDeclaringClass(); c = c.getSuperclass()) {
      try {
        Method again = c.getDeclaredMethod(m.getName(), m.getParameterTypes());
        if (!Modifier.isStatic(again.getModifiers())) {
          return true;
        }
      } catch (NoSuchMethodException notHere) {
        // inherited from further up
      } catch (LinkageError unresolvable) {
        return true; // its methods name a class that is missing: leave its calls as they are
      }
    }
    return false;
  }

  /** Runs {@code m} itself on the receiver {@code args[0]}, whatever its class overrides. */
  Object callSuper(Method m, Object[] args) throws Exception {
    MethodHandle h = supers.get(m);
    if (h == null) {
      Class<?> owner = m.getDeclaringClass();
      h = MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).unreflectSpecial(m, owner);
      supers.put(m, h);
    }
    try {
      return h.invokeWithArguments(args);
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }
}
