package ttd.debug.requests;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Field;
import com.sun.jdi.InternalException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.WatchpointRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import ttd.debug.BadInput;
import ttd.debug.replayvm.Conditions;
import ttd.debug.replayvm.LaterThread;
import ttd.debug.replayvm.Role;
import ttd.debug.replayvm.Target;

/**
 * The specs installed in one replay JVM for one role, as JDI requests: at once for loaded
 * classes, otherwise deferred until the class loads (as jdb does).
 */
public final class RequestTable {

  /** The property key under which each request keeps its table's owner. */
  public static final String OWNER = "ttd.owner";

  private final Target target;
  private final Role role;
  private final Consumer<String> notes;
  private final Map<Spec, List<EventRequest>> installed = new LinkedHashMap<>();
  private final Map<Spec, ObjectReference> instances = new LinkedHashMap<>();
  private final List<Spec> pending = new ArrayList<>();
  /** Requests of specs that keep growing as classes load (every line start). */
  private final List<EventRequest> extra = new ArrayList<>();
  private final java.util.Set<ReferenceType> preparedTypes = new java.util.HashSet<>();
  /** Line arrivals of one thread, installed as the thread reaches each method ({@link FollowedLines}). */
  private final Map<Spec, FollowedLines> followed = new LinkedHashMap<>();

  private final Object owner;
  private Consumer<Spec> dropped = spec -> {};

  /** {@code owner} is kept as every request's {@link #OWNER} property, to tell observers apart. */
  public RequestTable(Target target, Role role, Object owner, Consumer<String> notes) {
    this.target = target;
    this.role = role;
    this.owner = owner;
    this.notes = notes;
    target.onClassPrepare(this::prepared);
    target.onProgramStart(this::reinstallBreakpoints);
    target.onMethodEntry(e -> {
      FollowedLines f = followed.get((Spec) e.request().getProperty(Spec.class));
      return f != null && f.entered(e);
    });
  }

  /** Tells {@code listener} of each deferred spec dropped when its class loaded (it can never apply). */
  public void onDropped(Consumer<Spec> listener) {
    dropped = listener;
  }

  /** The specs in this table, installed or waiting for their class. */
  public List<Spec> specs() {
    List<Spec> all = new ArrayList<>(installed.keySet());
    all.addAll(pending);
    all.addAll(followed.keySet());
    return all;
  }

  /**
   * Installs {@code spec}; {@code instance} restricts a field watch to one object. Returns false
   * if it waits for its class to load; throws {@link BadInput} if it can never apply.
   */
  public boolean add(Spec spec, ObjectReference instance) {
    if (installed.containsKey(spec) || pending.contains(spec) || followed.containsKey(spec)) {
      return true;
    }
    if (spec instanceof LineArrivals && ((LineArrivals) spec).followsOneThread()) {
      ThreadReference t = threadNamed(((LineArrivals) spec).thread());
      if (t != null) {
        FollowedLines f = new FollowedLines((LineArrivals) spec, t, r -> finish(r, spec));
        followed.put(spec, f);
        f.install();
        return true;
      }
    }
    if (instance != null) {
      instances.put(spec, instance);
    }
    List<ReferenceType> types = new ArrayList<>();
    for (ReferenceType t : target.vm().allClasses()) {
      if (t.isPrepared() && spec.matches(t)) {
        types.add(t);
      }
    }
    List<EventRequest> made = new ArrayList<>();
    String problem = null;
    for (ReferenceType t : types) {
      try {
        made.addAll(create(spec, t));
      } catch (BadInput e) {
        problem = e.getMessage();
      }
    }
    if (spec instanceof LineArrivals) {
      extra.addAll(made);
      defer(spec); // and every class that loads later
      return true;
    }
    if (!made.isEmpty()) {
      installed.put(spec, made);
      return true;
    }
    boolean later = spec instanceof LineBreakpoint && withinLoadedCode((LineBreakpoint) spec, types)
        && !noCodeAnywhere((LineBreakpoint) spec, types);
    if (problem != null && !later && !(spec instanceof ClientRequest)) {
      instances.remove(spec);
      throw new BadInput(problem);
    }
    defer(spec);
    return false;
  }

  /** Whether {@code spec} has requests in the replay (its class loaded). */
  public boolean installed(Spec spec) {
    return installed.containsKey(spec);
  }

  public void remove(Spec spec) {
    FollowedLines f = followed.remove(spec);
    if (f != null) {
      target.vm().eventRequestManager().deleteEventRequests(f.requests());
    }
    if (spec instanceof LineArrivals && pending.contains(spec)) {
      target.vm().eventRequestManager().deleteEventRequests(extra);
      extra.clear();
    }
    pending.remove(spec);
    instances.remove(spec);
    List<EventRequest> reqs = installed.remove(spec);
    if (reqs != null) {
      target.vm().eventRequestManager().deleteEventRequests(reqs);
    }
  }

  /** Makes the table hold exactly {@code wanted}, with the given objects for bound watches. */
  public void sync(List<Spec> wanted, Map<Spec, ObjectReference> objects) {
    for (Spec s : specs()) {
      if (!wanted.contains(s)) {
        remove(s);
      }
    }
    for (Spec s : wanted) {
      boolean unbound = s instanceof FieldWatch && ((FieldWatch) s).binding() != null && objects.get(s) == null;
      if (!installed.containsKey(s) && !pending.contains(s) && !unbound) {
        try {
          add(s, objects.get(s));
        } catch (BadInput e) {
          // it applied when the user set it; here its class may differ only by load order
        }
      }
    }
  }

  /** Removes every request of this table. */
  public void clear() {
    for (Spec s : specs()) {
      remove(s);
    }
  }

  /**
   * Makes again the breakpoints set before the program started: the agent has since rewritten
   * their classes (the JDK's loaded before it), so they are gone, and their offsets are the old
   * code's ({@code stop in java.lang.Thread.start} before {@code run} never stopped the program).
   */
  private void reinstallBreakpoints() {
    for (Map.Entry<Spec, List<EventRequest>> e : installed.entrySet()) {
      List<ReferenceType> types = new ArrayList<>();
      for (EventRequest r : e.getValue()) {
        if (!(r instanceof BreakpointRequest)) {
          types.clear();
          break;
        }
        ReferenceType t = ((BreakpointRequest) r).location().declaringType();
        if (!types.contains(t)) {
          types.add(t);
        }
      }
      if (types.isEmpty()) {
        continue;
      }
      for (EventRequest r : e.getValue()) {
        try {
          target.vm().eventRequestManager().deleteEventRequest(r);
        } catch (InternalException gone) {
          // JVMTI_ERROR_NOT_FOUND: the redefinition cleared it already
        }
      }
      List<EventRequest> made = new ArrayList<>();
      for (ReferenceType t : types) {
        try {
          made.addAll(create(e.getKey(), t));
        } catch (BadInput ex) {
          // the rewritten class lacks what the old one had: nothing to stop at there
        }
      }
      e.setValue(made);
    }
  }

  private void defer(Spec spec) {
    pending.add(spec);
    EventRequestManager erm = target.vm().eventRequestManager();
    for (String pattern : spec.preparePatterns()) {
      ClassPrepareRequest r = erm.createClassPrepareRequest();
      r.addClassFilter(pattern);
      if (pattern.equals("*")) {
        for (String excluded : Target.STEP_EXCLUDES) {
          r.addClassExclusionFilter(excluded);
        }
      }
      r.setSuspendPolicy(EventRequest.SUSPEND_ALL);
      r.putProperty(Role.KEY, Role.PREPARE);
      r.enable();
    }
  }

  private void prepared(ReferenceType type) {
    if (!preparedTypes.add(type)) {
      return; // one event per matching prepare request: handle each class once
    }
    for (Spec spec : List.copyOf(pending)) {
      if (!spec.matches(type)) {
        continue;
      }
      try {
        List<EventRequest> made = create(spec, type);
        if (spec instanceof LineArrivals) {
          extra.addAll(made);
          continue;
        }
        if (made.isEmpty()) {
          continue; // a client's request for another type of these names
        }
        pending.remove(spec);
        installed.put(spec, made);
        notes.accept("Set deferred " + spec.describe());
      } catch (BadInput e) {
        boolean never = spec instanceof LineBreakpoint
            ? noCodeAnywhere((LineBreakpoint) spec, List.of(type))
            : !(spec instanceof ClientRequest);
        if (never) {
          pending.remove(spec);
          notes.accept("Unable to set deferred " + spec.describe() + ": " + e.getMessage());
          dropped.accept(spec);
        }
      }
    }
  }

  private List<EventRequest> create(Spec spec, ReferenceType type) {
    EventRequestManager erm = target.vm().eventRequestManager();
    List<EventRequest> made = new ArrayList<>();
    if (spec instanceof LineBreakpoint) {
      LineBreakpoint b = (LineBreakpoint) spec;
      for (Location l : linesOf(type, b.line())) {
        made.add(erm.createBreakpointRequest(l));
      }
      if (made.isEmpty()) {
        throw new BadInput("no code at line " + b.line() + " in " + b.className());
      }
    } else if (spec instanceof ClientRequest) {
      made.addAll(((ClientRequest) spec).make(erm, type));
    } else if (spec instanceof LineArrivals) {
      LineArrivals a = (LineArrivals) spec;
      for (Method m : type.methods()) {
        if (m.isAbstract() || m.isNative() || !a.covers(m)) {
          continue;
        }
        try {
          for (Location l : a.entries() ? List.of(m.location()) : m.allLineLocations()) {
            made.add(inThread(erm.createBreakpointRequest(l), a.thread()));
          }
        } catch (AbsentInformationException e) {
          // no lines to arrive at
        }
      }
    } else if (spec instanceof CodeLocation) {
      CodeLocation c = (CodeLocation) spec;
      for (Method m : type.methodsByName(c.method(), c.signature())) {
        Location l = m.locationOfCodeIndex(c.bci());
        if (l != null) {
          made.add(inThread(erm.createBreakpointRequest(l), c.thread()));
        }
      }
      if (made.isEmpty()) {
        throw new BadInput("no code at " + c.describe());
      }
    } else if (spec instanceof MethodBreakpoint) {
      MethodBreakpoint b = (MethodBreakpoint) spec;
      List<String> overloads = new ArrayList<>();
      for (Method m : type.methodsByName(b.method())) {
        if (m.location() != null && !m.isAbstract() && !m.isNative()) {
          overloads.add(m.name() + "(" + String.join(",", m.argumentTypeNames()) + ")");
          if (b.names(m)) {
            made.add(erm.createBreakpointRequest(m.location()));
          }
        }
      }
      if (made.isEmpty()) {
        throw new BadInput(type.name() + " has no method " + b.method() + (b.argTypes() == null ? "" : "(" + String.join(",", b.argTypes()) + ")")
            + " with code" + (overloads.isEmpty() ? "" : "; it has " + String.join(", ", overloads)));
      }
    } else if (spec instanceof FieldWatch) {
      FieldWatch w = (FieldWatch) spec;
      Field f = type.fieldByName(w.field());
      if (f == null) {
        throw new BadInput(type.name() + " has no field " + w.field());
      }
      if (w.modification()) {
        made.add(filtered(erm.createModificationWatchpointRequest(f), spec));
      }
      if (w.access()) {
        made.add(filtered(erm.createAccessWatchpointRequest(f), spec));
      }
    } else {
      ExceptionCatch c = (ExceptionCatch) spec;
      made.add(erm.createExceptionRequest(type, c.caught(), c.uncaught()));
    }
    for (EventRequest r : made) {
      finish(r, spec);
    }
    return made;
  }

  /** Gives {@code r} this table's policy, role (unless it has one), spec and owner, and enables it. */
  private void finish(EventRequest r, Spec spec) {
    r.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    if (r.getProperty(Role.KEY) == null) {
      r.putProperty(Role.KEY, role);
    }
    r.putProperty(Spec.class, spec);
    if (spec.condition() != null) {
      r.putProperty(Conditions.KEY, spec.condition());
    }
    if (owner != null) {
      r.putProperty(OWNER, owner);
    }
    r.enable();
  }

  private WatchpointRequest filtered(WatchpointRequest r, Spec spec) {
    ObjectReference o = instances.get(spec);
    if (o != null) {
      r.addInstanceFilter(o);
    }
    return r;
  }

  private static List<Location> linesOf(ReferenceType type, int line) {
    List<Location> first = new ArrayList<>();
    try {
      List<Method> seen = new ArrayList<>();
      for (Location l : type.locationsOfLine(line)) {
        if (!seen.contains(l.method())) {
          seen.add(l.method());
          first.add(l);
        }
      }
    } catch (AbsentInformationException e) {
      throw new BadInput(type.name() + " was compiled without line numbers");
    }
    return first;
  }

  /** Whether the line lies among the lines of the loaded classes (a nested class may load later). */
  private static boolean withinLoadedCode(LineBreakpoint b, List<ReferenceType> types) {
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    for (ReferenceType t : types) {
      try {
        for (Location l : t.allLineLocations()) {
          min = Math.min(min, l.lineNumber());
          max = Math.max(max, l.lineNumber());
        }
      } catch (AbsentInformationException e) {
        // no lines: says nothing
      }
    }
    return b.line() >= min && b.line() <= max;
  }

  /**
   * Whether no class that can hold {@code b}'s line has code there: the class it names is among
   * {@code types} (loaded), and neither its class file nor those of the classes nested in it,
   * loaded or not, have code at that line ({@code stop at} a blank line or a comment was deferred
   * for ever, waiting for a nested class to bring it).
   */
  private boolean noCodeAnywhere(LineBreakpoint b, List<ReferenceType> types) {
    for (ReferenceType t : types) {
      if (ClassNames.matches(b.className(), t.name())) {
        return Boolean.FALSE.equals(target.jvm().programBci().classFiles().hasCodeAt(t.name(), b.line()));
      }
    }
    return false;
  }

  /** {@code r}, reported only for the thread named {@code thread} (null: any), also one not started yet. */
  private com.sun.jdi.request.BreakpointRequest inThread(com.sun.jdi.request.BreakpointRequest r, String thread) {
    ThreadReference t = thread == null ? null : threadNamed(thread);
    if (t != null) {
      r.addThreadFilter(t);
    } else if (thread != null) {
      r.putProperty(LaterThread.KEY, thread);
    }
    return r;
  }

  /** The live thread named {@code name}; null if none is. */
  private ThreadReference threadNamed(String name) {
    for (ThreadReference t : target.vm().allThreads()) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    return null;
  }
}
