package ttd.agent.session;

import java.util.ArrayList;
import java.util.List;
import ttd.agent.identity.InternalUnsafe;

/**
 * What the OS says about a process ({@code ProcessHandle.Info}: command, command line, arguments,
 * start time, CPU time, user) as one line of text for the log, and back into the JDK's object.
 *
 * <p>The JDK fills the object's fields in a native from {@code /proc}; they are read and written
 * here directly, since {@code java.lang} does not open them. Fields are joined by NUL, which no
 * command-line argument can contain; each is {@code -} for absent or {@code +} and its value.
 */
final class ProcessInfoText {

  private static final char SEPARATOR = '\0';
  private static final String[] TEXT_FIELDS = {"command", "commandLine", "user"};

  private ProcessInfoText() {}

  /** The fields of a {@code ProcessHandleImpl.Info} as text. */
  static String of(Object info) {
    Class<?> type = info.getClass();
    StringBuilder text = new StringBuilder();
    for (String name : TEXT_FIELDS) {
      field(text, (String) InternalUnsafe.getReference(info, InternalUnsafe.fieldOffset(type, name)));
    }
    String[] arguments =
        (String[]) InternalUnsafe.getReference(info, InternalUnsafe.fieldOffset(type, "arguments"));
    field(text, arguments == null ? null : Integer.toString(arguments.length));
    if (arguments != null) {
      for (String a : arguments) {
        field(text, a);
      }
    }
    field(text, Long.toString(InternalUnsafe.getLong(info, InternalUnsafe.fieldOffset(type, "startTime"))));
    field(text, Long.toString(InternalUnsafe.getLong(info, InternalUnsafe.fieldOffset(type, "totalTime"))));
    return text.toString();
  }

  /** Sets the fields of {@code info} to what {@code text} (from {@link #of}) says. */
  static void apply(Object info, String text) {
    List<String> fields = split(text);
    Class<?> type = info.getClass();
    int i = 0;
    for (String name : TEXT_FIELDS) {
      InternalUnsafe.putReference(info, InternalUnsafe.fieldOffset(type, name), fields.get(i++));
    }
    String count = fields.get(i++);
    String[] arguments = count == null ? null : new String[Integer.parseInt(count)];
    if (arguments != null) {
      for (int k = 0; k < arguments.length; k++) {
        arguments[k] = fields.get(i++);
      }
    }
    InternalUnsafe.putReference(info, InternalUnsafe.fieldOffset(type, "arguments"), arguments);
    InternalUnsafe.putLong(info, InternalUnsafe.fieldOffset(type, "startTime"), Long.parseLong(fields.get(i++)));
    InternalUnsafe.putLong(info, InternalUnsafe.fieldOffset(type, "totalTime"), Long.parseLong(fields.get(i)));
  }

  private static void field(StringBuilder text, String value) {
    if (text.length() > 0) {
      text.append(SEPARATOR);
    }
    text.append(value == null ? "-" : "+" + value);
  }

  static List<String> split(String text) {
    List<String> fields = new ArrayList<>();
    int start = 0;
    while (true) {
      int end = text.indexOf(SEPARATOR, start);
      String f = end < 0 ? text.substring(start) : text.substring(start, end);
      fields.add(f.startsWith("+") ? f.substring(1) : null);
      if (end < 0) {
        return fields;
      }
      start = end + 1;
    }
  }
}
