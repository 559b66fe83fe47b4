package ttd.bench.reverse;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.Field;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.StepEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.event.VMStartEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.StepRequest;
import java.util.List;
import java.util.Map;

/**
 * An IDE-like debugging session over JDI against a JVM that waits for a debugger (JDWP server,
 * suspended at its start): SocketAttach; on the VM's start, the capabilities, the threads and a
 * class-prepare request for {@link AttachWorkload.Account}, as an IDE sets a breakpoint in a
 * class not loaded yet; at the class's preparation the breakpoint in {@code audit}; then at each
 * stop what an IDE's debugger view reads (every frame's location, the top frame's locals, {@code
 * this}'s fields and array, {@code toString()} of {@code this}, every thread's name and status),
 * and {@link #STEPS} step-overs, each a stop read the same way. Each phase is timed; the values
 * read are checked against what the program computes, so a wrong answer is never timed as a
 * right one.
 */
final class AttachSession {

  static final int STEPS = 5;
  private static final String ACCOUNT = AttachWorkload.Account.class.getName();
  private static final long BALANCE = 125L * 20 * 21 / 2;

  /** Seconds of each phase: attach, up to the breakpoint's stop, reading that stop, the steps with their reads. */
  record Phases(double attach, double toBreakpoint, double firstStop, double steps) {
    double total() {
      return attach + toBreakpoint + firstStop + steps;
    }
  }

  private AttachSession() {}

  /**
   * Runs the session against the JVM waiting on {@code port} and lets it run on to its end; with
   * {@code render}, each stop also calls {@code toString()} on {@code this}, as IntelliJ's
   * variables view does by default.
   */
  static Phases run(int port, boolean render) throws Exception {
    long t0 = System.nanoTime();
    VirtualMachine vm = attach(port);
    EventSet started = next(vm);
    if (!(started.iterator().next() instanceof VMStartEvent)) {
      throw new IllegalStateException("the first event was not the VM's start: " + started);
    }
    long t1 = System.nanoTime();
    EventRequestManager erm = vm.eventRequestManager();
    vm.canWatchFieldModification();
    for (ThreadReference t : vm.allThreads()) {
      t.name();
    }
    ClassPrepareRequest prepare = erm.createClassPrepareRequest();
    prepare.addClassFilter(ACCOUNT);
    prepare.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
    prepare.enable();
    started.resume();
    BreakpointEvent hit = null;
    while (hit == null) {
      EventSet set = next(vm);
      for (Event e : set) {
        if (e instanceof ClassPrepareEvent) {
          Method audit = ((ClassPrepareEvent) e).referenceType().methodsByName("audit").get(0);
          BreakpointRequest bp = erm.createBreakpointRequest(audit.location());
          bp.setSuspendPolicy(EventRequest.SUSPEND_ALL);
          bp.enable();
        } else if (e instanceof BreakpointEvent) {
          hit = (BreakpointEvent) e;
        } else if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
          throw new IllegalStateException("the program ended before the breakpoint");
        }
      }
      if (hit == null) {
        set.resume();
      }
    }
    long t2 = System.nanoTime();
    ThreadReference thread = hit.thread();
    readStop(vm, thread, 0, render);
    long t3 = System.nanoTime();
    for (int i = 1; i <= STEPS; i++) {
      StepRequest step = erm.createStepRequest(thread, StepRequest.STEP_LINE, StepRequest.STEP_OVER);
      step.addCountFilter(1);
      step.setSuspendPolicy(EventRequest.SUSPEND_ALL);
      step.enable();
      vm.resume();
      LocatableEvent stepped = null;
      while (stepped == null) {
        for (Event e : next(vm)) {
          if (e instanceof StepEvent) {
            stepped = (StepEvent) e;
          } else if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
            throw new IllegalStateException("the program ended during step " + i);
          }
        }
      }
      erm.deleteEventRequest(step);
      readStop(vm, stepped.thread(), i, render);
    }
    long t4 = System.nanoTime();
    erm.deleteAllBreakpoints();
    prepare.disable();
    vm.dispose();
    return new Phases((t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9);
  }

  /**
   * What an IDE reads at a stop, checked: in {@code audit}, called from {@code main}, with {@code
   * this} the account of 20 deposits (its {@code toString()} too, with {@code render}) and, after
   * {@code steps} steps, that many locals assigned.
   */
  private static void readStop(VirtualMachine vm, ThreadReference thread, int steps, boolean render) throws Exception {
    List<StackFrame> frames = thread.frames();
    for (StackFrame f : frames) {
      f.location().method().name();
      f.location().lineNumber();
      f.location().sourceName();
    }
    StackFrame top = frames.get(0);
    String where = top.location().method().name() + "<-" + frames.get(1).location().method().name();
    require(where.equals("audit<-main") && frames.size() == 2, "the stop is in audit called from main, not " + where);
    List<LocalVariable> locals = top.visibleVariables();
    Map<LocalVariable, Value> values = top.getValues(locals);
    require(values.size() == 1 + steps, "after " + steps + " steps audit shows " + values.size() + " locals: " + values);
    require(((LongValue) top.getValue(top.visibleVariableByName("limit"))).value() == 10_000, "limit is 10000");
    ObjectReference self = top.thisObject();
    Map<Field, Value> fields = self.getValues(self.referenceType().allFields());
    for (Map.Entry<Field, Value> f : fields.entrySet()) {
      if (f.getValue() instanceof ArrayReference) {
        ((ArrayReference) f.getValue()).getValues();
      } else if (f.getValue() instanceof StringReference) {
        ((StringReference) f.getValue()).value();
      }
    }
    require(((LongValue) self.getValue(self.referenceType().fieldByName("balance"))).value() == BALANCE, "the balance is " + BALANCE);
    if (render) {
      Method toString = self.referenceType().methodsByName("toString", "()Ljava/lang/String;").get(0);
      String shown = ((StringReference) self.invokeMethod(thread, toString, List.of(), ObjectReference.INVOKE_SINGLE_THREADED)).value();
      require(shown.equals("Account[ada, balance=" + BALANCE + ", deposits=20]"), "toString() of this is " + shown);
    }
    for (ThreadReference t : vm.allThreads()) {
      t.name();
      t.status();
    }
  }

  static VirtualMachine attach(int port) throws Exception {
    AttachingConnector socket = Bootstrap.virtualMachineManager().attachingConnectors().stream()
        .filter(a -> a.name().equals("com.sun.jdi.SocketAttach")).findFirst().orElseThrow();
    Map<String, Connector.Argument> args = socket.defaultArguments();
    args.get("hostname").setValue("127.0.0.1");
    args.get("port").setValue(Integer.toString(port));
    args.get("timeout").setValue("60000");
    return socket.attach(args);
  }

  /** The next event set; a hang guard of ten minutes, not a measurement. */
  static EventSet next(VirtualMachine vm) throws InterruptedException {
    EventSet set = vm.eventQueue().remove(600_000);
    if (set == null) {
      throw new IllegalStateException("no event from the debuggee for 10 minutes");
    }
    return set;
  }

  private static void require(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("the session read a wrong value: " + what);
    }
  }
}
