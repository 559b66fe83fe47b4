package ttd.agent.value;

import java.io.IOException;
import java.net.SocketException;

/**
 * How a call that a recorded value replaces ended, as the text its event holds: {@code =} and the
 * codec's text for a result, {@code !} and the exception's class and message for what it threw,
 * no text for a null result. A recording and its replay both give the program what the text
 * stands for, so the two see equal objects made at the same place, an exception's stack trace
 * included.
 */
public final class CallOutcome {

  private CallOutcome() {}

  /** The text for {@code value}, a call's result as the program sees it. */
  public static String returned(Object value, ValueCodec<Object> codec) {
    return value == null ? null : "=" + codec.encode(codec.seen(value));
  }

  /** The text for {@code thrown}, what the call threw. */
  public static String threw(Exception thrown) {
    return "!" + thrown.getClass().getName() + (thrown.getMessage() == null ? "" : "\n" + thrown.getMessage());
  }

  /**
   * What {@code text} stands for in a replay, after a copy of it is encoded as the recording
   * encoded the real result. The encoding is JDK code the recording ran inside the hook ({@code
   * NetworkInterface}'s enumerations), and a JDK class it links first the program would otherwise
   * link in the replay only, drawing one identity hash more there: HotSpot hashes a class's mirror
   * as it links it. A copy, since the recording's encoding never touched the program's objects.
   */
  public static Object replayed(String text, ValueCodec<Object> codec) throws Exception {
    Object value = result(text, codec);
    if (value != null) {
      returned(result(text, codec), codec);
    }
    return value;
  }

  /** What {@code text} stands for: returned, or thrown. */
  public static Object result(String text, ValueCodec<Object> codec) throws Exception {
    if (text == null) {
      return null;
    }
    if (text.startsWith("=")) {
      return codec.decode(text.substring(1));
    }
    if (!text.startsWith("!")) {
      throw new IllegalArgumentException("a captured call's outcome is neither a result nor an exception");
    }
    int end = text.indexOf('\n');
    String type = end < 0 ? text.substring(1) : text.substring(1, end);
    String message = end < 0 ? null : text.substring(end + 1);
    throw rebuilt(type, message);
  }

  /** The exception, made here (the JDK's natives throw these two); another class by its message constructor. */
  private static Exception rebuilt(String type, String message) {
    if (type.equals("java.net.SocketException")) {
      return new SocketException(message);
    }
    if (type.equals("java.io.IOException")) {
      return new IOException(message);
    }
    try {
      Class<?> c = Class.forName(type, false, null);
      if (Exception.class.isAssignableFrom(c)) {
        return (Exception) c.getConstructor(String.class).newInstance(message);
      }
    } catch (ReflectiveOperationException | RuntimeException notRebuildable) {
      // said below
    }
    return new IOException(type + (message == null ? "" : ": " + message));
  }
}
