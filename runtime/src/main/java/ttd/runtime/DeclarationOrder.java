package ttd.runtime;

import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;

/**
 * One order for a class's declared methods and constructors, the same in every JVM.
 *
 * <p>HotSpot returns them in the order of the class's method array, which it sorts by the memory
 * address of each method's name symbol: the order changes from one run to the next (a plain JVM
 * listing Netty's {@code AbstractByteBufAllocator} put {@code toLeakAwareBuffer} at index 8 in
 * some runs and 23 in others), and a program that loops over {@code getDeclaredMethods()} until
 * it finds a name runs a different number of ticks in a replay. {@code Class} asks its natives
 * ({@code getDeclaredMethods0}, {@code getDeclaredConstructors0}) for every reflective listing
 * ({@code getMethods}, {@code getDeclaredMethods}, {@code getMethod}...), and their results are
 * put in this order: by name, then parameter count, parameter types and return type. No lambda
 * and no identity hash: this runs inside {@code Class}'s reflection on any thread.
 */
final class DeclarationOrder implements Comparator<Executable> {

  private static final DeclarationOrder ORDER = new DeclarationOrder();

  private DeclarationOrder() {}

  /** Sorts {@code declared} in place (the JVM made the array for this call) and returns it. */
  static <T extends Executable> T[] sorted(T[] declared) {
    if (declared != null && declared.length > 1) {
      Arrays.sort(declared, ORDER);
    }
    return declared;
  }

  @Override
  public int compare(Executable a, Executable b) {
    int c = a.getName().compareTo(b.getName());
    if (c != 0) {
      return c;
    }
    c = Integer.compare(a.getParameterCount(), b.getParameterCount());
    if (c != 0) {
      return c;
    }
    Class<?>[] pa = a.getParameterTypes();
    Class<?>[] pb = b.getParameterTypes();
    for (int i = 0; i < pa.length; i++) {
      c = pa[i].getName().compareTo(pb[i].getName());
      if (c != 0) {
        return c;
      }
    }
    if (a instanceof Method && b instanceof Method) {
      return ((Method) a).getReturnType().getName().compareTo(((Method) b).getReturnType().getName());
    }
    return 0;
  }
}
