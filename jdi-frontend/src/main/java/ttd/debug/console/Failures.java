package ttd.debug.console;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InvalidStackFrameException;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.request.DuplicateRequestException;
import com.sun.jdi.request.InvalidRequestStateException;

/**
 * What the console says when a command fails in a way the user did not cause: a JDI exception
 * (the replay JVM refused a request, a frame or an object went away) or a fault of the console
 * itself. One {@code ttd:} sentence, and the session goes on; a stack dump would end it.
 */
final class Failures {

  private Failures() {}

  /**
   * The sentence for {@code e}, thrown by command {@code cmd}; {@code at} is the position now (null:
   * none); {@code moved}: the command moved the replay, so the next motion starts afresh.
   */
  static String sentence(String cmd, RuntimeException e, String at, boolean moved) {
    Throwable cause = e.getCause() != null && e.getMessage() != null && e.getMessage().equals(String.valueOf(e.getCause())) ? e.getCause() : e;
    String where = at == null ? "" : "; the console is still at position " + at;
    if (cause instanceof IllegalStateException && cause.getMessage() != null) {
      return "ttd: cannot " + cmd + " here: " + cause.getMessage() + where;
    }
    return "ttd: " + cmd + " failed: " + what(cause) + where + (moved ? " (the next motion starts from a fresh replay of the same history)" : "");
  }

  private static String what(Throwable t) {
    if (t instanceof InvalidStackFrameException || t instanceof IncompatibleThreadStateException) {
      return "the thread's frames changed while the command looked at them";
    }
    if (t instanceof ObjectCollectedException) {
      return "an object it needed was garbage-collected in the replay";
    }
    if (t instanceof DuplicateRequestException || t instanceof InvalidRequestStateException) {
      return "the replay JVM refused a debugger request (" + t.getClass().getSimpleName() + ": " + t.getMessage() + ")";
    }
    if (t instanceof AbsentInformationException) {
      return "the class has no debug information for that";
    }
    String name = t.getClass().getName();
    String detail = t.getMessage() == null ? "" : ": " + t.getMessage();
    StackTraceElement[] st = t.getStackTrace();
    String site = st.length == 0 ? "" : " at " + st[0].getClassName() + "." + st[0].getMethodName() + ":" + st[0].getLineNumber();
    return (name.startsWith("com.sun.jdi.") ? "the replay JVM's debugger answered " : "an internal error ")
        + t.getClass().getSimpleName() + detail + site + ", please report it";
  }
}
