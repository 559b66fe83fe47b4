package ttd.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A class's declared methods and constructors come out in one order, whatever order the JVM gave. */
class DeclarationOrderTest {

  @SuppressWarnings("unused")
  static final class Overloads {
    Overloads() {}

    Overloads(int a) {}

    Overloads(String a) {}

    void zeta() {}

    void alpha(String a) {}

    void alpha(int a) {}

    void alpha() {}

    int mid(long a, int b) {
      return 0;
    }

    int mid(long a, String b) {
      return 0;
    }
  }

  @Test
  void methodsAreOrderedByNameThenParametersWhateverTheirOrderBefore() {
    Method[] declared = Overloads.class.getDeclaredMethods();
    List<String> first = null;
    Random random = new Random(7);
    for (int round = 0; round < 20; round++) {
      List<Method> shuffled = new ArrayList<>(Arrays.asList(declared));
      Collections.shuffle(shuffled, random);
      List<String> order = signatures(DeclarationOrder.sorted(shuffled.toArray(new Method[0])));
      if (first == null) {
        first = order;
      }
      assertEquals(first, order, "round " + round);
    }
    assertEquals(
        List.of("alpha()", "alpha(int)", "alpha(java.lang.String)", "mid(long,int)",
            "mid(long,java.lang.String)", "zeta()"),
        first.stream().filter(s -> !s.startsWith("$")).toList());
  }

  @Test
  void constructorsAreOrderedByTheirParameters() {
    Constructor<?>[] declared = Overloads.class.getDeclaredConstructors();
    Constructor<?>[] reversed = declared.clone();
    Collections.reverse(Arrays.asList(reversed));
    Constructor<?>[] a = DeclarationOrder.sorted(declared.clone());
    assertArrayEquals(a, DeclarationOrder.sorted(reversed));
    assertEquals(List.of("()", "(int)", "(java.lang.String)"),
        Arrays.stream(a).map(c -> parameters(c.getParameterTypes())).toList());
  }

  private static List<String> signatures(Method[] methods) {
    List<String> out = new ArrayList<>();
    for (Method m : methods) {
      out.add(m.getName() + parameters(m.getParameterTypes()));
    }
    return out;
  }

  private static String parameters(Class<?>[] types) {
    List<String> names = new ArrayList<>();
    for (Class<?> t : types) {
      names.add(t.getName());
    }
    return "(" + String.join(",", names) + ")";
  }
}
