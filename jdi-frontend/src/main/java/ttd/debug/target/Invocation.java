package ttd.debug.target;

import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.ClassType;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InvalidTypeException;
import com.sun.jdi.InvocationException;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import java.util.List;

/**
 * A method the console runs in a replay (a {@code toString()} it prints), on the stopped thread
 * alone, between {@code ReplayPosition.beginEvaluation()} and {@code endEvaluation()}: hooks pass
 * through without consuming the log, anything that would reach the world is refused (the agent's
 * sentence is read back and becomes the console's answer), the thread's identity-hash state is
 * put back.
 *
 * <p>That does not keep the JVM as recorded: the call may give an object its identity hash early,
 * and on JDK 25 a hash made during a debugger's call does not come from the thread's own state
 * (measured: the state did not move, the object's hash differed run to run), so the hash state
 * cannot tell. The caller therefore retires the JVM after any call ({@link Target#perturbed()}).
 */
final class Invocation {

  private Invocation() {}

  /**
   * What the replay's agent refused during the call (a write, a process, an exit: see {@code
   * ReplayPosition.refusal}), read as a field, without running code; null if nothing.
   */
  private static String refusal(ClassType position) {
    if (position == null) {
      return null;
    }
    Value v = position.getValue(position.fieldByName("refusal"));
    return v instanceof StringReference ? ((StringReference) v).value() : null;
  }

  static Value run(ClassType position, ThreadReference thread, ObjectReference object, ClassType type, Method m, List<Value> args)
      throws InvocationException {
    try {
      if (position != null) {
        position.invokeMethod(thread, position.methodsByName("beginEvaluation").get(0), List.of(),
            ClassType.INVOKE_SINGLE_THREADED);
      }
      Value result = null;
      InvocationException thrown = null;
      try {
        result = object != null
            ? object.invokeMethod(thread, m, args, ObjectReference.INVOKE_SINGLE_THREADED)
            : type.invokeMethod(thread, m, args, ClassType.INVOKE_SINGLE_THREADED);
      } catch (InvocationException e) {
        thrown = e;
      } finally {
        if (position != null) {
          position.invokeMethod(thread, position.methodsByName("endEvaluation").get(0), List.of(),
              ClassType.INVOKE_SINGLE_THREADED);
        }
      }
      String refusal = refusal(position);
      if (refusal != null) {
        throw new IllegalArgumentException(refusal);
      }
      if (thrown != null) {
        throw thrown;
      }
      return result;
    } catch (InvalidTypeException | ClassNotLoadedException e) {
      throw new IllegalArgumentException("the arguments do not fit " + m.name() + " (" + e.getMessage() + ")");
    } catch (IncompatibleThreadStateException e) {
      throw new IllegalArgumentException("the thread cannot run code here (" + e.getMessage() + ")");
    }
  }
}
