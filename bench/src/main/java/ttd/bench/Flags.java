package ttd.bench;

import java.util.function.BiConsumer;

/**
 * A harness's {@code --name value} arguments, walked in one place so that every harness answers
 * {@code --help}, a missing value and a bad number with the same one sentence.
 */
public final class Flags {

  private Flags() {}

  /**
   * Hands each {@code (--name, value)} pair of {@code args} to {@code set}, which throws
   * IllegalArgumentException for a name it does not know. {@code -h}/{@code --help} throws one
   * with an empty message: the caller prints its usage.
   */
  public static void each(String[] args, BiConsumer<String, String> set) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-h") || a.equals("--help")) {
        throw new IllegalArgumentException("");
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + a + " needs a value (or is unknown)");
      }
      set.accept(a, args[++i]);
    }
  }

  /** {@code value} as a positive whole number, or one sentence naming {@code option}. */
  public static int positive(String option, String value) {
    try {
      int n = Integer.parseInt(value);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " takes a positive whole number, not " + value);
  }
}
