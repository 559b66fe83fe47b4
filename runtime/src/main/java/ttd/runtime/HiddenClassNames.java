package ttd.runtime;

import java.util.HashMap;
import java.util.Map;

/**
 * Names for hidden classes (lambdas, {@code LambdaForm}s, {@code defineHiddenClass}) that are the
 * same in every run.
 *
 * <p>HotSpot names a hidden class after the address of its class structure ({@code
 * Foo$$Lambda/0x00007f6948000c28}), which changes with every process, and JDK 17 adds the value
 * of a JVM-wide lambda counter that the agent's own lambdas advance ({@code Foo$$Lambda$235/...}
 * under the agent, {@code Foo$$Lambda$1/...} without it). A program sees the name through {@code
 * Class.getName} and everything built on it: a lambda's {@code toString}, the {@code hashCode} of
 * its {@code Field}s and {@code Method}s (Spring caches annotations of bean fields by them, so a
 * lambda bean put its cache entries in other buckets in every run). Here the address is replaced
 * by the class's number among the hidden classes of the same base name, and JDK 17's lambda
 * counter by that number too, in the order the classes are defined, which the scheduler makes the
 * same in recording and replay. No lambda and no identity hash: this runs inside {@code Class} on
 * any thread.
 */
final class HiddenClassNames {

  private static final String LAMBDA = "$$Lambda$";
  private static final Map<String, int[]> DEFINED = new HashMap<>();

  private HiddenClassNames() {}

  /**
   * The name for a hidden class the JVM named {@code jvmName} ({@code BASE/0xADDRESS}); a name
   * without an address is returned as it is.
   */
  static String named(String jvmName) {
    int slash = jvmName.lastIndexOf('/');
    if (slash < 0 || !jvmName.startsWith("0x", slash + 1)) {
      return jvmName;
    }
    String base = jvmName.substring(0, slash);
    int lambda = base.lastIndexOf(LAMBDA);
    boolean counted = lambda >= 0 && isNumber(base, lambda + LAMBDA.length());
    if (counted) {
      base = base.substring(0, lambda + LAMBDA.length());
    }
    int n;
    synchronized (DEFINED) {
      int[] count = DEFINED.get(base);
      if (count == null) {
        count = new int[1];
        DEFINED.put(base, count);
      }
      n = ++count[0];
    }
    String hex = Integer.toHexString(n);
    return (counted ? base + n : base) + "/0x" + "0000000000000000".substring(hex.length()) + hex;
  }

  private static boolean isNumber(String s, int from) {
    if (from >= s.length()) {
      return false;
    }
    for (int i = from; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
