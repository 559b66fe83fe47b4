package ttd.debug.jdwp;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InvalidStackFrameException;
import com.sun.jdi.Location;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.event.AccessWatchpointEvent;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.MethodEntryEvent;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.event.ModificationWatchpointEvent;
import com.sun.jdi.event.WatchpointEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import ttd.debug.console.ConsoleLink;
import ttd.debug.replayvm.Stop;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.Spec;

/**
 * One attached debugger: its connection, the ids it holds, its event requests, whether it thinks
 * the replay is suspended, and what it has been told (types prepared, threads alive). Every command
 * and every motion runs with the server's lock held, so the console and the debugger never act on
 * the session at once; while a motion is paused at a class the debugger waits for, this object
 * answers the debugger's commands on the motion's own thread ({@link #classPrepared}).
 */
final class Client {

  private final JdwpServer server;
  private final ConsoleLink link;
  private final Wire wire;
  private final Ids ids = new Ids();
  private final TaggedValues values = new TaggedValues(ids);
  private final Map<Integer, JdwpCommandTable.Command> table = new HashMap<>();
  private final Map<String, byte[]> metadata = new HashMap<>();
  private final ArrayDeque<Packet> inbox = new ArrayDeque<>();
  final Map<Integer, IdeRequest> requests = new LinkedHashMap<>();
  private final Map<Spec, IdeRequest> bySpec = new HashMap<>();
  private final Set<Long> announcedTypes = new HashSet<>();
  private Set<Long> liveThreads = new HashSet<>();
  private volatile boolean connected = true;
  private volatile boolean toldDeath;
  private int nextRequest = 1;
  private int nextEventPacket = 1;
  /** How many times the debugger has the replay suspended (0: it thinks it runs). */
  private int suspendCount;
  /** Bumped at every move: frames handed out before it denote their depth only while the same method is there. */
  private long generation;
  private Stop lastStop;
  private Target lastTarget;
  private boolean attachReported;
  private Runnable afterReply;
  /** Set while a motion is paused at a class preparation the debugger waits for. */
  private ReferenceType pumping;
  private final List<Spec> addAfterMotion = new ArrayList<>();

  Client(JdwpServer server, ConsoleLink link, Wire wire) {
    this.server = server;
    this.link = link;
    this.wire = wire;
    VendorCommands vendor = new VendorCommands(this);
    for (JdwpCommandTable.Command c : JdwpCommandTable.commands(new VmCommands(this), new TypeCommands(this), new ObjectCommands(this),
        new ThreadCommands(this), new EventRequestCommands(this), vendor)) {
      table.put(c.key(), c);
    }
    lastStop = link.stop();
    lastTarget = link.target();
    liveThreadsNow();
  }

  Ids ids() {
    return ids;
  }

  TaggedValues values() {
    return values;
  }

  ConsoleLink link() {
    return link;
  }

  JdwpServer server() {
    return server;
  }

  long generation() {
    return generation;
  }

  boolean connected() {
    return connected;
  }

  // ---- the connection

  /** Reads packets until the client goes; Suspend interrupts a running motion at once. */
  void readLoop() throws IOException {
    try {
      while (connected) {
        Packet p = wire.read();
        if (p.isReply()) {
          continue;
        }
        if ((p.key() == JdwpCommandTable.key(1, 8) || p.key() == JdwpCommandTable.key(11, 2)) && pumping == null) {
          server.interruptMotion();
        }
        synchronized (inbox) {
          inbox.add(p);
          inbox.notifyAll();
        }
      }
    } finally {
      connected = false;
      synchronized (inbox) {
        inbox.notifyAll();
      }
    }
  }

  /** Answers the client's commands under the server's lock until it goes. */
  void dispatchLoop() {
    while (connected || !inboxEmpty()) {
      synchronized (inbox) {
        while (inbox.isEmpty() && connected) {
          try {
            inbox.wait();
          } catch (InterruptedException e) {
            return;
          }
        }
      }
      server.locked(() -> {
        Packet p;
        while ((p = poll()) != null) {
          handle(p);
        }
      });
    }
  }

  private boolean inboxEmpty() {
    synchronized (inbox) {
      return inbox.isEmpty();
    }
  }

  /**
   * Commands the client sent while it thought the replay running, answered before it is told of a
   * stop, as a JVM runs them before it stops: a late Resume (JDI resumes the VM_START event set
   * after the client already resumed) is then a no-op, not a resume of the stop that follows.
   */
  private void answerQueued() {
    Packet p;
    while (suspendCount == 0 && (p = poll()) != null) {
      handle(p);
    }
  }

  private Packet poll() {
    synchronized (inbox) {
      return inbox.poll();
    }
  }

  void close() {
    connected = false;
    synchronized (inbox) {
      inbox.notifyAll();
    }
  }

  /** Forgets the client's requests when it goes, so the console runs as before it came. */
  void detach() {
    for (IdeRequest r : List.copyOf(requests.values())) {
      try {
        removeRequest(r);
      } catch (VMDisconnectedException e) {
        // the replay JVM has ended (the recording's end): nothing is left to remove there
      }
    }
  }

  // ---- commands

  private void handle(Packet p) {
    ids.use(link.target());
    JdwpCommandTable.Command cmd = table.get(p.key());
    int error = 0;
    byte[] data = new byte[0];
    String cacheKey = null;
    if (cmd == null) {
      error = JdwpError.NOT_IMPLEMENTED;
    } else {
      if (cmd.kind() == JdwpCommandTable.Kind.METADATA) {
        cacheKey = p.key() + ":" + new String(p.data(), StandardCharsets.ISO_8859_1);
        data = metadata.get(cacheKey);
      }
      if (data == null || cacheKey == null) {
        PacketOut out = new PacketOut();
        try {
          cmd.handler().handle(new Call(this, new PacketIn(p.data()), out));
          data = out.bytes();
          if (cacheKey != null) {
            metadata.put(cacheKey, data);
          }
        } catch (JdwpError e) {
          error = e.code;
          data = new byte[0];
          if (e.sentence != null) {
            link.out().println(e.sentence);
          }
        } catch (RuntimeException e) {
          error = errorOf(e);
          data = new byte[0];
          if (error == JdwpError.INTERNAL && JdwpServer.TRACE) {
            e.printStackTrace();
          }
        }
      }
    }
    send(Packet.reply(p.id(), error, data));
    if (!attachReported) {
      attachReported = true;
      reportAttach();
    }
    Runnable then = afterReply;
    afterReply = null;
    if (then != null) {
      then.run();
    }
  }

  private static int errorOf(RuntimeException e) {
    if (e instanceof ObjectCollectedException) {
      return JdwpError.INVALID_OBJECT;
    }
    if (e instanceof InvalidStackFrameException) {
      return JdwpError.INVALID_FRAMEID;
    }
    if (e instanceof IllegalArgumentException) {
      return JdwpError.ILLEGAL_ARGUMENT;
    }
    if (e instanceof com.sun.jdi.ClassNotPreparedException) {
      return JdwpError.CLASS_NOT_PREPARED;
    }
    if (e instanceof UnsupportedOperationException) {
      return JdwpError.NOT_IMPLEMENTED;
    }
    if (e instanceof VMDisconnectedException) {
      return JdwpError.THREAD_NOT_SUSPENDED; // the program has ended; the session holds there
    }
    if (e.getCause() instanceof IncompatibleThreadStateException) {
      return JdwpError.THREAD_NOT_SUSPENDED;
    }
    if (e.getCause() instanceof AbsentInformationException) {
      return JdwpError.ABSENT_INFORMATION;
    }
    return JdwpError.INTERNAL;
  }

  /** Runs {@code r} after the reply to the command being handled is sent (a motion a Resume starts). */
  void afterReply(Runnable r) {
    afterReply = r;
  }

  void send(Packet p) {
    try {
      wire.write(p);
    } catch (IOException e) {
      close();
    }
  }

  // ---- suspension as the client sees it

  boolean suspended() {
    return suspendCount > 0;
  }

  int suspendCount() {
    return suspendCount;
  }

  void suspend() {
    suspendCount++;
  }

  /**
   * A Resume (of the VM or of a thread): when it leaves nothing suspended, the replay moves on,
   * forwards or backwards as the direction says, a step if the client has one set.
   */
  void resume() {
    if (suspendCount == 0) {
      return;
    }
    suspendCount--;
    if (suspendCount > 0) {
      return;
    }
    if (pumping != null) {
      return; // the paused motion goes on
    }
    IdeRequest step = null;
    for (IdeRequest r : requests.values()) {
      if (r.kind == IdeRequest.SINGLE_STEP) {
        step = r;
        break;
      }
    }
    IdeRequest chosen = step;
    afterReply(() -> move(chosen));
  }

  /** The debugger's Resume or step, as the console's command for it. */
  private void move(IdeRequest step) {
    boolean reverse = server.reverse();
    String command;
    if (step != null) {
      String[] forward = {"step", "next", "step up"};
      String[] backward = {"reverse-step", "reverse-next", "reverse-finish"};
      command = (reverse ? backward : forward)[Math.max(0, Math.min(2, step.stepDepth))];
      try {
        link.selectThread(ids.threadName(step.stepThread));
      } catch (JdwpError e) {
        // a thread that does not exist here: the console says so
      }
    } else {
      command = reverse ? "reverse-continue" : link.started() ? "cont" : "run";
    }
    runMotion(command, step);
  }

  /** Runs a console command that moves, on behalf of the client, and reports where it stopped. */
  void runMotion(String command, IdeRequest step) {
    do {
      server.runMotion(command, true);
    } while (noteMoves(true, step, true) && connected);
  }

  // ---- moves and events

  /**
   * After any command: if the console moved (the client's motion or the console's own), tells
   * the client the new position as a stop. With {@code forced} (the client resumed and waits)
   * also a stop that did not move, unless the program has ended: then the client is held
   * running there, as the recording ends, and never sees the JVM die.
   */
  void noteMoves(boolean forced, IdeRequest step) {
    noteMoves(forced, step, true);
  }

  /**
   * PopFrames: {@code count} reverse step-outs of {@code thread}; the client is told no stop (the
   * thread stays suspended where it is, as JDWP has it), only threads and classes that changed.
   */
  void popFrames(String thread, int count) {
    for (int i = 0; i < count; i++) {
      link.selectThread(thread);
      Stop before = link.stop();
      server.runMotion("reverse-finish", true);
      if (link.stop() == before) {
        break;
      }
    }
    noteMoves(false, null, false);
  }

  /** As above; true if the stop was only of occurrences the client's count filters hold back: its motion goes on. */
  private boolean noteMoves(boolean forced, IdeRequest step, boolean event) {
    answerQueued();
    for (Spec s : addAfterMotion) {
      link.add(s);
    }
    addAfterMotion.clear();
    Stop s = link.stop();
    Target t = link.target();
    boolean moved = s != lastStop || t != lastTarget;
    if (!moved && !forced) {
      return false;
    }
    lastStop = s;
    lastTarget = t;
    generation++;
    ids.use(t);
    ids.moved();
    if (s != null && s.ended() && server.endIsDeath() && connected) {
      die();
      return false;
    }
    if (s == null || s.ended() || s.interrupted() || !connected) {
      return false;
    }
    announceChanges(null);
    if (!event) {
      return false;
    }
    List<byte[]> events = stopEvents(s, step, forced);
    if (events == null) {
      return true;
    }
    sendComposite(IdeRequest.SUSPEND_ALL, events);
    suspendCount = Math.max(suspendCount, 1);
    return false;
  }

  /**
   * The program ended ({@code replay --jdwp}): VM_DEATH, automatic (request 0) and for each request
   * of the client's for it, then the connection closes, as a JVM's agent does when the JVM exits.
   */
  private void die() {
    List<byte[]> events = new ArrayList<>();
    events.add(new PacketOut().writeByte(IdeRequest.VM_DEATH).writeInt(0).bytes());
    for (IdeRequest r : requests.values()) {
      if (r.kind == IdeRequest.VM_DEATH) {
        events.add(new PacketOut().writeByte(IdeRequest.VM_DEATH).writeInt(r.id).bytes());
      }
    }
    sendComposite(IdeRequest.SUSPEND_NONE, events);
    toldDeath = true;
    close();
    wire.hangUp();
  }

  /** Whether the client was told the program ended and let go. */
  boolean toldDeath() {
    return toldDeath;
  }

  /** The first stop after attach: where the console is, or the VM's start before {@code run}. */
  private void reportAttach() {
    Stop s = link.stop();
    if (link.ended()) {
      return;
    }
    if (s == null) {
      ThreadReference main = null;
      for (ThreadReference t : ids.threads().values()) {
        if (t.name().equals("main")) {
          main = t;
        }
      }
      PacketOut e = new PacketOut().writeByte(IdeRequest.VM_START).writeInt(0).writeId(main == null ? 0 : ids.thread(main));
      sendComposite(IdeRequest.SUSPEND_ALL, List.of(e.bytes()));
    } else if (!s.interrupted() || s.position() != null) {
      sendComposite(IdeRequest.SUSPEND_ALL, stopEvents(s, null, false));
    }
    suspendCount = Math.max(suspendCount, 1);
  }

  /**
   * The events of a stop for the client. A request whose count filter is reached is deleted, as a
   * JVM deletes it (jdb steps with a count of 1 and never clears the step). Null, when {@code
   * goesOn} (the client's own motion), if every event of the stop was an occurrence a count
   * filter holds back: a JVM would not have stopped there.
   */
  private List<byte[]> stopEvents(Stop s, IdeRequest step, boolean goesOn) {
    List<byte[]> out = new ArrayList<>();
    List<IdeRequest> expired = new ArrayList<>();
    boolean heldBack = false;
    ThreadReference thread = s.thread();
    for (LocatableEvent e : s.events()) {
      Object spec = e.request() == null ? null : e.request().getProperty(Spec.class);
      IdeRequest r = spec instanceof Spec ? bySpec.get(spec) : null;
      if (r == null) {
        continue;
      }
      byte[] ev = eventOf(r, e);
      if (ev == null) {
        continue;
      }
      if (r.occurs()) {
        out.add(ev);
      } else {
        heldBack = true;
      }
      if (r.expired()) {
        expired.add(r);
      }
    }
    if (thread == null) {
      try {
        thread = ids.threadMirror(ids.threads().keySet().stream().filter(id -> ids.threadName(id).equals(link.selectedThread())).findFirst().orElse(0L));
      } catch (JdwpError e) {
        thread = null;
      }
    }
    Location here = null;
    try {
      here = thread == null ? null : thread.frame(0).location();
    } catch (IncompatibleThreadStateException | RuntimeException e) {
      here = null;
    }
    if (here == null) {
      expired.forEach(this::removeRequest);
      return out;
    }
    long threadId = ids.thread(thread);
    if (step != null && step.stepThread == threadId && requests.get(step.id) == step) {
      if (step.occurs()) {
        out.add(locatable(IdeRequest.SINGLE_STEP, step.id, threadId, here).bytes());
      } else {
        heldBack = true;
      }
      if (step.expired()) {
        expired.add(step);
      }
    }
    expired.forEach(this::removeRequest);
    if (out.isEmpty() && heldBack && goesOn) {
      return null;
    }
    if (out.isEmpty()) {
      // a stop no request of the client's made (the console's own, a goto, a reverse search for
      // another's request): a step event of no request, which JDI delivers (jdb: "Step completed")
      out.add(locatable(IdeRequest.SINGLE_STEP, 0, threadId, here).bytes());
    }
    return out;
  }

  private byte[] eventOf(IdeRequest r, LocatableEvent e) {
    long thread = ids.thread(e.thread());
    Location l = e.location();
    long object = 0;
    if (e instanceof WatchpointEvent) {
      object = ids.object(((WatchpointEvent) e).object());
    } else if (e instanceof ExceptionEvent) {
      object = ids.object(((ExceptionEvent) e).exception());
    }
    if (!r.accepts(thread, l.declaringType().name(), e instanceof WatchpointEvent ? object : 0)) {
      return null;
    }
    if (e instanceof BreakpointEvent || e instanceof MethodEntryEvent || e instanceof MethodExitEvent) {
      return locatable(r.kind, r.id, thread, l).bytes();
    }
    if (e instanceof ExceptionEvent) {
      ExceptionEvent x = (ExceptionEvent) e;
      PacketOut o = locatable(IdeRequest.EXCEPTION, r.id, thread, l);
      values.writeTaggedObject(o, x.exception());
      writeLocation(o, x.catchLocation());
      return o.bytes();
    }
    if (e instanceof WatchpointEvent) {
      WatchpointEvent w = (WatchpointEvent) e;
      PacketOut o = locatable(e instanceof AccessWatchpointEvent ? IdeRequest.FIELD_ACCESS : IdeRequest.FIELD_MODIFICATION, r.id, thread, l);
      ReferenceType declaring = w.field().declaringType();
      o.writeByte(Ids.tagOf(declaring)).writeId(ids.type(declaring)).writeId(ids.field(w.field()));
      values.writeTaggedObject(o, w.object());
      if (e instanceof ModificationWatchpointEvent) {
        values.writeTagged(o, ((ModificationWatchpointEvent) e).valueToBe());
      }
      return o.bytes();
    }
    return null;
  }

  private PacketOut locatable(int kind, int requestId, long thread, Location l) {
    PacketOut o = new PacketOut().writeByte(kind).writeInt(requestId).writeId(thread);
    writeLocation(o, l);
    return o;
  }

  /** A location as the client sees it: at the program's own bytecode offset, as the console shows it. */
  void writeLocation(PacketOut o, Location l) {
    if (l == null) {
      o.writeLocation(0, 0, 0, 0);
      return;
    }
    ReferenceType t = l.declaringType();
    long method = ids.method(l.method());
    o.writeLocation(Ids.tagOf(t), ids.type(t), method, method == 0 ? 0 : link.programBci().of(l));
  }

  private void sendComposite(int policy, List<byte[]> events) {
    if (events.isEmpty()) {
      return;
    }
    PacketOut o = new PacketOut().writeByte(policy).writeInt(events.size());
    for (byte[] e : events) {
      o.writeBytes(e);
    }
    send(Packet.command(nextEventPacket++, 64, 100, o.bytes()));
  }

  /**
   * Thread starts and deaths, and classes prepared, since the client was last told, as events
   * that do not suspend (the stop that follows does): a move backwards makes threads that had not
   * started yet go, and they start again when the replay gets there.
   */
  private void announceChanges(ThreadReference preparing) {
    Set<Long> now = liveThreadsNow();
    Set<Long> before = liveThreads;
    liveThreads = now;
    List<byte[]> events = new ArrayList<>();
    for (IdeRequest r : requests.values()) {
      if (r.kind == IdeRequest.THREAD_START) {
        for (long t : now) {
          if (!before.contains(t) && r.accepts(t, null, 0)) {
            events.add(new PacketOut().writeByte(r.kind).writeInt(r.id).writeId(t).bytes());
          }
        }
      } else if (r.kind == IdeRequest.THREAD_DEATH) {
        for (long t : before) {
          if (!now.contains(t) && r.accepts(t, null, 0)) {
            events.add(new PacketOut().writeByte(r.kind).writeInt(r.id).writeId(t).bytes());
          }
        }
      }
    }
    for (long type : ids.allTypes()) {
      if (announcedTypes.add(type)) {
        events.addAll(prepareEvents(type, preparing, false));
      }
    }
    sendComposite(IdeRequest.SUSPEND_NONE, events);
  }

  private Set<Long> liveThreadsNow() {
    try {
      ids.use(link.target());
      return new HashSet<>(ids.threads().keySet());
    } catch (RuntimeException e) {
      return new HashSet<>();
    }
  }

  /** The client has been told of these types (its answer to AllClasses). */
  void announced(List<Long> types) {
    announcedTypes.addAll(types);
  }

  private List<byte[]> prepareEvents(long type, ThreadReference preparing, boolean suspendingOnly) {
    List<byte[]> events = new ArrayList<>();
    Ids.TypeEntry e = ids.typeEntry(type);
    String name = ids.typeMirror(type).name();
    for (IdeRequest r : requests.values()) {
      if (r.kind != IdeRequest.CLASS_PREPARE || (suspendingOnly && !r.suspends()) || !r.accepts(0, name, 0)
          || (r.classOnly != 0 && r.classOnly != type)) {
        continue;
      }
      if (!r.sourceNames.isEmpty() && !sourceMatches(type, r.sourceNames)) {
        continue;
      }
      events.add(new PacketOut().writeByte(IdeRequest.CLASS_PREPARE).writeInt(r.id)
          .writeId(preparing == null ? 0 : ids.thread(preparing)).writeByte(e.tag).writeId(type)
          .writeString(e.signature).writeInt(7).bytes());
    }
    return events;
  }

  private boolean sourceMatches(long type, List<String> patterns) {
    try {
      String source = ids.typeMirror(type).sourceName();
      return patterns.stream().allMatch(p -> IdeRequest.matches(p, source));
    } catch (AbsentInformationException e) {
      return false;
    }
  }

  /**
   * A class was prepared while a motion runs (the replay JVM suspended, on the motion's thread).
   * If the client waits for it with a suspending request (to set breakpoints in it, as IDEs do
   * for classes not loaded yet), the client is told and answered here until it resumes; the
   * requests it sets meanwhile count from the motion's start, which is exact because their class
   * loads only now.
   */
  void classPrepared(ReferenceType type) {
    if (!connected) {
      return;
    }
    ids.use(link.target());
    ids.moved();
    long id = ids.type(type);
    List<byte[]> events = prepareEvents(id, null, true);
    if (events.isEmpty() || !announcedTypes.add(id)) {
      return;
    }
    answerQueued();
    sendComposite(IdeRequest.SUSPEND_ALL, events);
    suspendCount = Math.max(suspendCount, 1);
    pumping = type;
    try {
      while (suspendCount > 0 && connected) {
        Packet p;
        synchronized (inbox) {
          if (inbox.isEmpty()) {
            try {
              inbox.wait(200);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return;
            }
          }
          p = inbox.poll();
        }
        if (p != null) {
          handle(p);
        }
      }
    } finally {
      pumping = null;
    }
  }

  /** The JDI class filters of the client's suspending class-prepare requests (for each replay JVM shown). */
  List<IdeRequest> suspendingPrepares() {
    List<IdeRequest> out = new ArrayList<>();
    for (IdeRequest r : requests.values()) {
      if (r.kind == IdeRequest.CLASS_PREPARE && r.suspends()) {
        out.add(r);
      }
    }
    return out;
  }

  // ---- requests

  int newRequestId() {
    return nextRequest++;
  }

  void addRequest(IdeRequest r) {
    requests.put(r.id, r);
    if (r.spec != null) {
      bySpec.put(r.spec, r);
      if (pumping == null) {
        link.add(r.spec);
      } else if (r.spec.matches(pumping) || noLoadedTypeMatches(r.spec)) {
        link.addDuringMotion(r.spec);
      } else {
        addAfterMotion.add(r.spec);
      }
    }
    if (r.kind == IdeRequest.CLASS_PREPARE && r.suspends()) {
      server.prepareHooksChanged();
    }
  }

  private boolean noLoadedTypeMatches(Spec spec) {
    for (long t : ids.allTypes()) {
      if (spec.matches(ids.typeMirror(t))) {
        return false;
      }
    }
    return true;
  }

  void removeRequest(IdeRequest r) {
    requests.remove(r.id);
    if (r.spec != null) {
      bySpec.remove(r.spec);
      addAfterMotion.remove(r.spec);
      link.remove(r.spec);
    }
    if (r.kind == IdeRequest.CLASS_PREPARE && r.suspends()) {
      server.prepareHooksChanged();
    }
  }
}
