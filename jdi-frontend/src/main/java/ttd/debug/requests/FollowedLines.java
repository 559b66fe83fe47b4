package ttd.debug.requests;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.MethodEntryEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodEntryRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import ttd.debug.replayvm.Role;
import ttd.debug.replayvm.Target;

/**
 * Every line start one thread reaches ({@link LineArrivals} of a thread in every method), installed
 * as the thread gets there: breakpoints on the lines of the methods on its stack now, and of each
 * method it enters from now on (a method-entry request on that thread alone, which sees the entry
 * before the method's first instruction runs). A reverse step observes a window of a few ticks,
 * in which the thread enters a few methods; a breakpoint on every line of every loaded class
 * instead was 2 258 requests on Commons CSV, about a second of each window's JVM. The price: while
 * method entries are reported the thread runs interpreted, so a window that holds a long call
 * into the JDK (which has no ticks) runs it slower than compiled.
 */
final class FollowedLines {

  private final LineArrivals spec;
  private final ThreadReference thread;
  private final Consumer<EventRequest> made;
  private final Set<Method> covered = new HashSet<>();
  private final Map<ReferenceType, Boolean> observed = new HashMap<>();
  private final List<EventRequest> requests = new ArrayList<>();
  private MethodEntryRequest entries;

  /** {@code made} finishes each request (policy, role, owner) and enables it. */
  FollowedLines(LineArrivals spec, ThreadReference thread, Consumer<EventRequest> made) {
    this.spec = spec;
    this.thread = thread;
    this.made = made;
  }

  /** Covers the methods on the thread's stack and starts following its calls. */
  void install() {
    try {
      for (StackFrame f : thread.frames()) {
        cover(f.location().method()); // already past their first instruction
      }
    } catch (IncompatibleThreadStateException e) {
      // not suspended: a thread that runs later enters every method it will be in
    }
    EventRequestManager erm = thread.virtualMachine().eventRequestManager();
    entries = erm.createMethodEntryRequest();
    entries.addThreadFilter(thread);
    for (String excluded : Target.STEP_EXCLUDES) {
      entries.addClassExclusionFilter(excluded);
    }
    add(entries, Role.FOLLOW);
  }

  /**
   * The thread entered {@code e}'s method (if {@code e} is this one's request's): its lines are
   * observed from here on. Returns whether this entry is itself the arrival at the method's first
   * line: JDWP reports a breakpoint at a method's first instruction together with its entry when
   * the breakpoint was there before (then the breakpoint's event is the arrival), and passes it
   * over as co-located with an entry it reported alone, as it does when the breakpoint is set only
   * now, so for a method's first entry here the entry stands for it.
   */
  boolean entered(MethodEntryEvent e) {
    return e.request() == entries && cover(e.method());
  }

  /** Every request this made. */
  List<EventRequest> requests() {
    return requests;
  }

  /** Observes the line starts of {@code m} unless they are; whether its first instruction is one of them now. */
  private boolean cover(Method m) {
    if (!covered.add(m) || m.isAbstract() || m.isNative()
        || !observed.computeIfAbsent(m.declaringType(), spec::matches)) {
      return false;
    }
    EventRequestManager erm = thread.virtualMachine().eventRequestManager();
    boolean first = false;
    try {
      for (Location l : m.allLineLocations()) {
        BreakpointRequest b = erm.createBreakpointRequest(l);
        b.addThreadFilter(thread);
        add(b, null);
        first |= l.codeIndex() == 0;
      }
    } catch (AbsentInformationException e) {
      // no lines to arrive at
    }
    return first;
  }

  private void add(EventRequest r, Role role) {
    requests.add(r);
    if (role != null) {
      r.putProperty(Role.KEY, role);
    }
    made.accept(r);
  }
}
