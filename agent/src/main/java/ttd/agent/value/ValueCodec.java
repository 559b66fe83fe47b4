package ttd.agent.value;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How the result of one captured JDK method is written to a recording as text and built anew from
 * it in the replay. A capture table row that names a codec needs no hook, session method or event
 * kind of its own: the call site passes the result through {@code Hooks.onValue}, and the session
 * logs the codec's text under the method's name.
 *
 * @param <T> the method's result type (its wrapper class for a primitive)
 */
public interface ValueCodec<T> {

  /** A string result, logged as it is. */
  ValueCodec<String> TEXT = new ValueCodec<>() {
    @Override
    public String encode(String value) {
      return value;
    }

    @Override
    public String decode(String text) {
      return text;
    }
  };

  /** A {@code boolean} result (boxed by the call site). */
  ValueCodec<Boolean> BOOLEAN = new ValueCodec<>() {
    @Override
    public String encode(Boolean value) {
      return value.toString();
    }

    @Override
    public Boolean decode(String text) {
      return Boolean.valueOf(text);
    }
  };

  /** An {@code int} result (boxed by the call site). */
  ValueCodec<Integer> INT = new ValueCodec<>() {
    @Override
    public String encode(Integer value) {
      return value.toString();
    }

    @Override
    public Integer decode(String text) {
      return Integer.valueOf(text);
    }
  };

  /** A {@code byte[]} result, as hexadecimal digits. */
  ValueCodec<byte[]> BYTES = new ValueCodec<>() {
    @Override
    public String encode(byte[] value) {
      return java.util.HexFormat.of().formatHex(value);
    }

    @Override
    public byte[] decode(String text) {
      return java.util.HexFormat.of().parseHex(text);
    }
  };

  /** A {@code long[]} result (thread ids), its numbers separated by commas. */
  ValueCodec<long[]> LONGS = new ValueCodec<>() {
    @Override
    public String encode(long[] value) {
      return Arrays.stream(value).mapToObj(Long::toString).collect(Collectors.joining(","));
    }

    @Override
    public long[] decode(String text) {
      return text.isEmpty() ? new long[0] : Arrays.stream(text.split(",")).mapToLong(Long::parseLong).toArray();
    }
  };

  /** The value as text for the log (never called with null). */
  String encode(T value);

  /** The value {@code text} stands for, as the program saw it when it was recorded. */
  T decode(String text);

  /**
   * The real value (null included) as the program sees it in a recording (a dump's stacks
   * without ttd's frames); that is what is logged, and what a replay returns.
   */
  default T seen(T real) {
    return real;
  }

  /**
   * Does to the program's objects what the JDK's call would have done besides returning {@code
   * real} and ttd kept it from (a thread info hashes the lock a thread waits for, which the real
   * call did not see); in record and replay alike, before {@link #seen}, on the program's hash
   * state.
   */
  default void touch(T real) {}

  /**
   * What a replay checks between the recorded value and the one its own call returned (for
   * example how many threads a dump lists), or null if the replay's own value may differ freely.
   */
  default String shape(T value) {
    return null;
  }
}
