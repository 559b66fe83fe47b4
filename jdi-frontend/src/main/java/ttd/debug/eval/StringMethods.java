package ttd.debug.eval;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code String} methods the console computes itself from the strings' values, without running
 * code in the replay: a {@code String} cannot change, so {@code name.equals("region")} read from
 * both values is what the call would answer. So they work in breakpoint conditions, which run no
 * code ({@link HitConditions}), and a {@code print} of them retires no replay JVM.
 *
 * <p>One row per method name: how many arguments it takes and what it answers from the receiver's
 * text and the arguments' texts (null for a null argument, or for another type's where the
 * method takes an {@code Object}: {@code equals} is then false, as the JDK's is).
 */
final class StringMethods {

  /** A method computed from its receiver's text and its arguments' texts. */
  record Row(int arity, Function<Args, Object> answer) {}

  /** The receiver's text and the arguments' texts. */
  record Args(String self, List<String> args) {
    String arg(int i) {
      return args.get(i);
    }
  }

  private static final Map<String, Row> ROWS = Map.of(
      "equals", new Row(1, a -> a.self().equals(a.arg(0))),
      "equalsIgnoreCase", new Row(1, a -> a.self().equalsIgnoreCase(a.arg(0))),
      "length", new Row(0, a -> a.self().length()),
      "isEmpty", new Row(0, a -> a.self().isEmpty()),
      "isBlank", new Row(0, a -> a.self().isBlank()),
      "startsWith", new Row(1, a -> a.self().startsWith(a.arg(0))),
      "endsWith", new Row(1, a -> a.self().endsWith(a.arg(0))),
      "contains", new Row(1, a -> a.self().contains(a.arg(0))));

  private StringMethods() {}

  /** Their names, sorted, as a sentence lists them: {@code a, b and c}. */
  static String names() {
    List<String> names = ROWS.keySet().stream().sorted().toList();
    return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
  }

  /** Whether a call named {@code name} with {@code arity} arguments may be one of these. */
  static boolean computes(String name, int arity) {
    Row row = ROWS.get(name);
    return row != null && row.arity() == arity;
  }

  /**
   * The answer of {@code self.name(args)}: a {@code Boolean} or an {@code Integer}; throws the
   * {@code NullPointerException} the method throws for a null argument.
   */
  static Object answer(String name, String self, List<String> args) {
    return ROWS.get(name).answer().apply(new Args(self, args));
  }
}
