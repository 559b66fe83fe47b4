package ttd.debug.jdwp;

import com.sun.jdi.Field;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.ExceptionRequest;
import com.sun.jdi.request.MethodEntryRequest;
import com.sun.jdi.request.MethodExitRequest;
import com.sun.jdi.request.WatchpointRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import ttd.debug.code.ProgramBci;
import ttd.debug.requests.ClientRequest;

/**
 * The EventRequest command set. A request that stops the replay at an instruction becomes a
 * console request ({@link ClientRequest}) that every replay JVM gets, reverse searches included;
 * steps, class preparations and thread starts and deaths the server serves itself.
 */
final class EventRequestCommands {

  private static final int COUNT = 1;
  private static final int CONDITIONAL = 2;
  private static final int THREAD_ONLY = 3;
  private static final int CLASS_ONLY = 4;
  private static final int CLASS_MATCH = 5;
  private static final int CLASS_EXCLUDE = 6;
  private static final int LOCATION_ONLY = 7;
  private static final int EXCEPTION_ONLY = 8;
  private static final int FIELD_ONLY = 9;
  private static final int STEP = 10;
  private static final int INSTANCE_ONLY = 11;
  private static final int SOURCE_NAME_MATCH = 12;
  private static final int PLATFORM_THREADS_ONLY = 13;

  private final Client client;

  EventRequestCommands(Client client) {
    this.client = client;
  }

  void set(Call c) {
    int kind = c.in().readByte();
    int policy = c.in().readByte();
    IdeRequest r = new IdeRequest(client.newRequestId(), kind, policy);
    int n = c.in().readInt();
    for (int i = 0; i < n; i++) {
      modifier(c, r);
    }
    switch (kind) {
      case IdeRequest.BREAKPOINT -> r.spec = breakpoint(c, r);
      case IdeRequest.FIELD_ACCESS, IdeRequest.FIELD_MODIFICATION -> r.spec = watch(c, r);
      case IdeRequest.EXCEPTION -> r.spec = exception(c, r);
      case IdeRequest.METHOD_ENTRY, IdeRequest.METHOD_EXIT -> r.spec = methods(c, r);
      case IdeRequest.SINGLE_STEP -> {
        if (r.stepThread == 0) {
          throw new JdwpError(JdwpError.ILLEGAL_ARGUMENT);
        }
      }
      case IdeRequest.CLASS_PREPARE, IdeRequest.CLASS_UNLOAD, IdeRequest.THREAD_START, IdeRequest.THREAD_DEATH,
          IdeRequest.VM_DEATH -> { }
      default -> throw new JdwpError(JdwpError.INVALID_EVENT_TYPE);
    }
    client.addRequest(r);
    c.out().writeInt(r.id);
  }

  private static void modifier(Call c, IdeRequest r) {
    int mod = c.in().readByte();
    switch (mod) {
      case COUNT -> r.count = c.in().readInt();
      case CONDITIONAL -> c.in().readInt();
      case THREAD_ONLY -> r.thread = c.in().readId();
      case CLASS_ONLY -> r.classOnly = c.in().readId();
      case CLASS_MATCH -> r.classMatch.add(c.in().readString());
      case CLASS_EXCLUDE -> r.classExclude.add(c.in().readString());
      case LOCATION_ONLY -> r.location = c.in().readLocation();
      case EXCEPTION_ONLY -> {
        r.exceptionType = c.in().readId();
        r.caught = c.in().readBoolean();
        r.uncaught = c.in().readBoolean();
      }
      case FIELD_ONLY -> {
        r.fieldType = c.in().readId();
        r.field = c.in().readId();
      }
      case STEP -> {
        r.stepThread = c.in().readId();
        c.in().readInt(); // size: the console steps by line; a minimal step is a line step here
        r.stepDepth = c.in().readInt();
      }
      case INSTANCE_ONLY -> r.instance = c.in().readId();
      case SOURCE_NAME_MATCH -> r.sourceNames.add(c.in().readString());
      case PLATFORM_THREADS_ONLY -> { }
      default -> throw new JdwpError(JdwpError.ILLEGAL_ARGUMENT);
    }
  }

  /** A predicate on loaded types: the one of this signature. */
  private static Predicate<ReferenceType> ofSignature(String signature) {
    return t -> t.signature().equals(signature);
  }

  private static String nameOf(String signature) {
    if (signature.startsWith("L") && signature.endsWith(";")) {
      return signature.substring(1, signature.length() - 1).replace('/', '.');
    }
    return signature;
  }

  /**
   * A breakpoint at the program's own offset (as the client's locations are), set at the replay's;
   * at offset 0, at the replay method's first instruction, before what the agent put there.
   */
  private ClientRequest breakpoint(Call c, IdeRequest r) {
    if (r.location == null) {
      throw new JdwpError(JdwpError.ILLEGAL_ARGUMENT);
    }
    Ids.TypeEntry type = c.ids().typeEntry(r.location.classId());
    Ids.Member method = c.ids().memberEntry(r.location.methodId(), JdwpError.INVALID_METHODID);
    long index = r.location.index();
    String name = nameOf(type.signature);
    ProgramBci code = client.link().programBci();
    return new ClientRequest(name, "breakpoint (debugger) " + name + "." + method.name() + " bci=" + index,
        ofSignature(type.signature), (erm, t) -> {
          for (Method m : t.methods()) {
            if (m.name().equals(method.name()) && m.signature().equals(method.signature())) {
              // the program's first instruction: the method's, before the agent's entry code, where a
              // step into the method ends and the console's stop in stops, so that one arrival is one stop
              long at = index == 0 ? 0 : code.replayIndex(m, index);
              Location l = at < 0 ? null : m.locationOfCodeIndex(at);
              return l == null ? List.of() : List.of(erm.createBreakpointRequest(l));
            }
          }
          return List.of();
        });
  }

  private ClientRequest watch(Call c, IdeRequest r) {
    if (r.field == 0) {
      throw new JdwpError(JdwpError.ILLEGAL_ARGUMENT);
    }
    Ids.Member field = c.ids().memberEntry(r.field, JdwpError.INVALID_FIELDID);
    Ids.TypeEntry type = c.ids().typeEntry(field.type());
    boolean access = r.kind == IdeRequest.FIELD_ACCESS;
    ObjectReference instance = r.instance == 0 ? null : c.ids().objectMirror(r.instance);
    String name = nameOf(type.signature);
    return new ClientRequest(name, "watch (debugger) " + name + "." + field.name(), ofSignature(type.signature), (erm, t) -> {
      Field f = t.fieldByName(field.name());
      if (f == null) {
        return List.of();
      }
      WatchpointRequest w = access ? erm.createAccessWatchpointRequest(f) : erm.createModificationWatchpointRequest(f);
      if (instance != null) {
        if (!instance.virtualMachine().equals(erm.virtualMachine())) {
          erm.deleteEventRequest(w);
          return List.of(); // that object is not in this replay JVM's past or future as an id
        }
        w.addInstanceFilter(instance);
      }
      return List.of(w);
    });
  }

  private ClientRequest exception(Call c, IdeRequest r) {
    String signature = r.exceptionType == 0 ? "Ljava/lang/Throwable;" : c.ids().typeEntry(r.exceptionType).signature;
    String name = nameOf(signature);
    boolean caught = r.caught;
    boolean uncaught = r.uncaught;
    return new ClientRequest(name, "catch (debugger) " + name, ofSignature(signature), (erm, t) -> {
      ExceptionRequest x = erm.createExceptionRequest(t, caught, uncaught);
      return List.of(x);
    });
  }

  private ClientRequest methods(Call c, IdeRequest r) {
    Predicate<ReferenceType> applies;
    String pattern;
    if (r.classOnly != 0) {
      String signature = c.ids().typeEntry(r.classOnly).signature;
      applies = ofSignature(signature);
      pattern = nameOf(signature);
    } else if (!r.classMatch.isEmpty()) {
      pattern = r.classMatch.get(0);
      applies = t -> r.classMatch.stream().allMatch(p -> IdeRequest.matches(p, t.name()))
          && r.classExclude.stream().noneMatch(p -> IdeRequest.matches(p, t.name()));
    } else {
      throw new JdwpError(JdwpError.NOT_IMPLEMENTED, "ttd: the debugger asked to stop at every method of every class;"
          + " a replay serves method entry and exit requests with a class filter only");
    }
    boolean entry = r.kind == IdeRequest.METHOD_ENTRY;
    return new ClientRequest(pattern, (entry ? "method entry" : "method exit") + " (debugger) " + pattern, applies, (erm, t) -> {
      List<EventRequest> made = new ArrayList<>();
      if (entry) {
        MethodEntryRequest m = erm.createMethodEntryRequest();
        m.addClassFilter(t);
        made.add(m);
      } else {
        MethodExitRequest m = erm.createMethodExitRequest();
        m.addClassFilter(t);
        made.add(m);
      }
      return made;
    });
  }

  void clear(Call c) {
    int kind = c.in().readByte();
    int id = c.in().readInt();
    IdeRequest r = client.requests.get(id);
    if (r != null && r.kind == kind) {
      client.removeRequest(r);
    }
  }

  void clearAllBreakpoints(Call c) {
    for (IdeRequest r : List.copyOf(client.requests.values())) {
      if (r.kind == IdeRequest.BREAKPOINT) {
        client.removeRequest(r);
      }
    }
  }
}
