package ttd.debug.jdwp;

import java.util.ArrayList;
import java.util.List;
import ttd.debug.requests.ClientRequest;

/**
 * One event request a client set ({@code EventRequest.Set}): its kind, suspend policy and
 * modifiers as sent. Requests that stop the replay at an instruction (breakpoints, watches,
 * exception catches, method entries and exits) also have the console {@link ClientRequest} they
 * became; the rest (steps, class preparation, thread start and death) the server serves itself.
 */
final class IdeRequest {

  static final int SINGLE_STEP = 1;
  static final int BREAKPOINT = 2;
  static final int EXCEPTION = 4;
  static final int THREAD_START = 6;
  static final int THREAD_DEATH = 7;
  static final int CLASS_PREPARE = 8;
  static final int CLASS_UNLOAD = 9;
  static final int FIELD_ACCESS = 20;
  static final int FIELD_MODIFICATION = 21;
  static final int METHOD_ENTRY = 40;
  static final int METHOD_EXIT = 41;
  static final int VM_START = 90;
  static final int VM_DEATH = 99;

  static final int SUSPEND_NONE = 0;
  static final int SUSPEND_ALL = 2;

  static final int STEP_INTO = 0;
  static final int STEP_OVER = 1;
  static final int STEP_OUT = 2;

  final int id;
  final int kind;
  final int suspendPolicy;
  /** The count filter: report only the count-th occurrence, then expire (0: no filter). */
  int count;
  /** Occurrences that passed the other filters so far. */
  private int occurrences;
  long thread;
  long classOnly;
  final List<String> classMatch = new ArrayList<>();
  final List<String> classExclude = new ArrayList<>();
  final List<String> sourceNames = new ArrayList<>();
  PacketIn.Loc location;
  long exceptionType;
  boolean caught = true;
  boolean uncaught = true;
  long fieldType;
  long field;
  long stepThread;
  int stepDepth;
  long instance;
  ClientRequest spec;

  IdeRequest(int id, int kind, int suspendPolicy) {
    this.id = id;
    this.kind = kind;
    this.suspendPolicy = suspendPolicy;
  }

  /** Whether an event in {@code thread}, in a type named {@code typeName}, on {@code object}, passes the filters. */
  boolean accepts(long eventThread, String typeName, long object) {
    if (thread != 0 && thread != eventThread) {
      return false;
    }
    if (instance != 0 && instance != object) {
      return false;
    }
    if (typeName != null) {
      for (String p : classMatch) {
        if (!matches(p, typeName)) {
          return false;
        }
      }
      for (String p : classExclude) {
        if (matches(p, typeName)) {
          return false;
        }
      }
    }
    return true;
  }

  /** A JDWP class pattern: a name, or one {@code *} at its start or end. */
  static boolean matches(String pattern, String name) {
    if (pattern.startsWith("*")) {
      return name.endsWith(pattern.substring(1));
    }
    if (pattern.endsWith("*")) {
      return name.startsWith(pattern.substring(0, pattern.length() - 1));
    }
    return name.equals(pattern);
  }

  /**
   * Counts one occurrence that passed the other filters; whether it is reported. With a count
   * filter only the count-th is, as JDWP has it: a JVM skips the ones before it.
   */
  boolean occurs() {
    occurrences++;
    return count == 0 || occurrences == count;
  }

  /** Whether a count filter has let its one occurrence through: the request is then deleted. */
  boolean expired() {
    return count > 0 && occurrences >= count;
  }

  boolean suspends() {
    return suspendPolicy != SUSPEND_NONE;
  }
}
