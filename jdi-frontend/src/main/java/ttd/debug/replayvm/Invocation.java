package ttd.debug.replayvm;

import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.ClassType;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InvalidTypeException;
import com.sun.jdi.InvocationException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventQueue;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.WatchpointEvent;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

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

  /**
   * Runs the call on a thread of its own while this one answers the events the call's code meets:
   * a request that stops there (a breakpoint in a method {@code toString()} calls, a class whose
   * preparation a deferred breakpoint waits for) would otherwise hold the called thread, and the
   * call would never return. Such stops are passed over, as IDEs pass over breakpoints inside an
   * evaluation; {@code passedOver} is told where each was.
   */
  static Value run(ClassType position, ThreadReference thread, ObjectReference object, ClassType type, Method m, List<Value> args,
      Consumer<String> passedOver) throws InvocationException {
    FutureTask<Value> call = new FutureTask<>(() -> bracketed(position, thread, object, type, m, args));
    Thread caller = new Thread(call, "ttd-evaluation");
    caller.setDaemon(true);
    caller.start();
    EventQueue queue = thread.virtualMachine().eventQueue();
    boolean interrupted = false;
    try {
      while (!call.isDone()) {
        try {
          passOver(queue.remove(20), passedOver);
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      return call.get();
    } catch (InterruptedException e) {
      interrupted = true;
      throw new IllegalStateException("interrupted while a call ran in the replay");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof InvocationException) {
        throw (InvocationException) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static void passOver(EventSet set, Consumer<String> passedOver) {
    if (set == null) {
      return;
    }
    for (Event e : set) {
      if (e instanceof BreakpointEvent || e instanceof WatchpointEvent || e instanceof ExceptionEvent) {
        Location l = ((LocatableEvent) e).location();
        passedOver.accept(l.declaringType().name() + "." + l.method().name() + "(), line=" + l.lineNumber());
      }
    }
    set.resume();
  }

  private static Value bracketed(ClassType position, ThreadReference thread, ObjectReference object, ClassType type, Method m, List<Value> args)
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
      throw new IllegalArgumentException(
          "a call runs only on the thread the stop is in, and " + thread.name() + " was stopped by the stop of another thread; read"
              + " its fields and locals instead, or `thread` back to the stopped one");
    }
  }
}
