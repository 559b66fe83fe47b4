package ttd.debug.jdwp;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Method;
import com.sun.jdi.MonitorInfo;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadGroupReference;
import com.sun.jdi.ThreadReference;
import java.util.List;
import ttd.debug.replayvm.TtdFrames;

/**
 * Threads, thread groups and stack frames. A thread id stands for the thread of that name in
 * every replay JVM; where it has not started (or has ended) at the current position it is a
 * zombie. PopFrames is a reverse step out, by replay: the thread goes back to where the popped
 * method was called, and history is not changed.
 */
final class ThreadCommands {

  private static final int ZOMBIE = 0;
  private static final int RUNNING = 1;

  private final Client client;

  ThreadCommands(Client client) {
    this.client = client;
  }

  private static ThreadReference thread(Call c) {
    return c.ids().threadMirror(c.in().readId());
  }

  private ThreadReference suspendedThread(Call c) {
    ThreadReference t = thread(c);
    if (!client.suspended()) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
    return t;
  }

  void name(Call c) {
    long id = c.in().readId();
    try {
      c.out().writeString(c.ids().threadMirror(id).name());
    } catch (JdwpError e) {
      c.out().writeString(c.ids().threadName(id));
    }
  }

  void suspend(Call c) {
    c.in().readId();
    client.suspend();
  }

  void resume(Call c) {
    c.in().readId();
    client.resume();
  }

  void status(Call c) {
    long id = c.in().readId();
    ThreadReference t;
    try {
      t = c.ids().threadMirror(id);
    } catch (JdwpError e) {
      c.ids().threadName(id);
      c.out().writeInt(ZOMBIE).writeInt(0);
      return;
    }
    int s = t.status();
    int status = s == ThreadReference.THREAD_STATUS_NOT_STARTED ? ZOMBIE : s < 0 ? RUNNING : s;
    c.out().writeInt(status).writeInt(client.suspended() ? 1 : 0);
  }

  void threadGroup(Call c) {
    c.out().writeId(c.ids().object(thread(c).threadGroup()));
  }

  /**
   * The frames below ttd's own: a thread waiting for its turn in the replay has the scheduler's
   * frames on top ({@link TtdFrames#onTop}), which a client is not shown, as the console folds
   * them. A frame id keeps the real depth, so the other frame commands need no offset.
   */
  void frames(Call c) {
    ThreadReference t = suspendedThread(c);
    int start = c.in().readInt();
    int length = c.in().readInt();
    try {
      List<StackFrame> all = t.frames();
      int hidden = TtdFrames.onTop(all);
      int count = all.size() - hidden;
      if (start < 0 || start > count || (length != -1 && (length < 0 || start + length > count))) {
        throw new JdwpError(JdwpError.INVALID_INDEX);
      }
      int n = length == -1 ? count - start : length;
      long threadId = c.ids().thread(t);
      c.out().writeInt(n);
      for (int depth = hidden + start; depth < hidden + start + n; depth++) {
        StackFrame f = all.get(depth);
        long method = c.ids().method(f.location().method());
        c.out().writeId(c.ids().frame(threadId, depth, method, client.generation()));
        client.writeLocation(c.out(), f.location());
      }
    } catch (IncompatibleThreadStateException e) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
  }

  void frameCount(Call c) {
    ThreadReference t = suspendedThread(c);
    try {
      List<StackFrame> all = t.frames();
      c.out().writeInt(all.size() - TtdFrames.onTop(all));
    } catch (IncompatibleThreadStateException e) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
  }

  /** How many frames of ttd's own {@code t} has on top ({@link #frames}). */
  private static int hiddenFrames(ThreadReference t) {
    try {
      return TtdFrames.onTop(t.frames());
    } catch (IncompatibleThreadStateException e) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
  }

  void ownedMonitors(Call c) {
    ThreadReference t = suspendedThread(c);
    try {
      List<ObjectReference> owned = t.ownedMonitors();
      c.out().writeInt(owned.size());
      for (ObjectReference o : owned) {
        c.values().writeTaggedObject(c.out(), o);
      }
    } catch (IncompatibleThreadStateException e) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
  }

  void ownedMonitorsDepth(Call c) {
    ThreadReference t = suspendedThread(c);
    try {
      List<MonitorInfo> owned = t.ownedMonitorsAndFrames();
      int hidden = hiddenFrames(t);
      c.out().writeInt(owned.size());
      for (MonitorInfo m : owned) {
        c.values().writeTaggedObject(c.out(), m.monitor());
        c.out().writeInt(m.stackDepth() < hidden ? -1 : m.stackDepth() - hidden);
      }
    } catch (IncompatibleThreadStateException e) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
  }

  void contendedMonitor(Call c) {
    ThreadReference t = suspendedThread(c);
    try {
      c.values().writeTaggedObject(c.out(), t.currentContendedMonitor());
    } catch (IncompatibleThreadStateException e) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
  }

  void suspendCount(Call c) {
    c.in().readId();
    c.out().writeInt(client.suspendCount());
  }

  void isVirtual(Call c) {
    ThreadReference t = thread(c);
    boolean virtual;
    try {
      virtual = (Boolean) ThreadReference.class.getMethod("isVirtual").invoke(t);
    } catch (ReflectiveOperationException e) {
      virtual = false; // JDK 17's JDI knows no virtual threads
    }
    c.out().writeBoolean(virtual);
  }

  private static ThreadGroupReference group(Call c) {
    ObjectReference o = c.ids().objectMirror(c.in().readId());
    if (!(o instanceof ThreadGroupReference)) {
      throw new JdwpError(JdwpError.INVALID_THREAD_GROUP);
    }
    return (ThreadGroupReference) o;
  }

  void groupName(Call c) {
    c.out().writeString(group(c).name());
  }

  void groupParent(Call c) {
    c.out().writeId(c.ids().object(group(c).parent()));
  }

  void groupChildren(Call c) {
    ThreadGroupReference g = group(c);
    List<ThreadReference> threads = g.threads();
    c.out().writeInt(threads.size());
    for (ThreadReference t : threads) {
      c.out().writeId(c.ids().thread(t));
    }
    List<ThreadGroupReference> groups = g.threadGroups();
    c.out().writeInt(groups.size());
    for (ThreadGroupReference child : groups) {
      c.out().writeId(c.ids().object(child));
    }
  }

  /**
   * The frame a frame id denotes now: its depth of its thread, if the method there is still the
   * one it was handed out for ({@code INVALID_FRAMEID} otherwise: never another method's frame).
   */
  private StackFrame frame(Call c, ThreadReference t, long frameId) {
    Ids.FrameEntry e = c.ids().frameEntry(frameId);
    if (e.thread() != c.ids().thread(t)) {
      throw new JdwpError(JdwpError.INVALID_FRAMEID);
    }
    try {
      if (e.depth() >= t.frameCount()) {
        throw new JdwpError(JdwpError.INVALID_FRAMEID);
      }
      StackFrame f = t.frame(e.depth());
      if (c.ids().method(f.location().method()) != e.method()) {
        throw new JdwpError(JdwpError.INVALID_FRAMEID);
      }
      return f;
    } catch (IncompatibleThreadStateException x) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
  }

  void frameValues(Call c) {
    ThreadReference t = suspendedThread(c);
    StackFrame f = frame(c, t, c.in().readId());
    Method m = f.location().method();
    VariableTables.Table table;
    try {
      table = VariableTables.of(m, Long.MAX_VALUE / 4);
    } catch (AbsentInformationException e) {
      table = new VariableTables.Table(0, List.of());
    }
    long at = f.location().codeIndex();
    int n = c.in().readInt();
    c.out().writeInt(n);
    for (int i = 0; i < n; i++) {
      int slot = c.in().readInt();
      int tag = c.in().readByte();
      VariableTables.Row row = null;
      for (VariableTables.Row r : table.rows()) {
        if (r.slot() == slot && at >= r.start() && at < r.start() + r.length()) {
          row = r;
          break;
        }
      }
      if (row == null && slot == 0 && !m.isStatic()) {
        c.values().writeTaggedObject(c.out(), f.thisObject());
        continue;
      }
      int argument = row == null && table.rows().isEmpty() ? argumentAt(m, slot) : -1;
      if (argument >= 0) {
        c.values().writeTagged(c.out(), f.getArgumentValues().get(argument));
        continue;
      }
      if (row == null) {
        throw new JdwpError(JdwpError.INVALID_SLOT);
      }
      try {
        c.values().writeTagged(c.out(), f.getValue(row.variable()));
      } catch (IllegalArgumentException e) {
        throw new JdwpError(JdwpError.INVALID_SLOT);
      }
    }
  }

  /**
   * Which argument of {@code m} lives in {@code slot} (-1: none), for a method compiled without a
   * variable table: JDI's getArgumentValues asks for arguments by slot even then, and the console's
   * JDI reads them by position.
   */
  private static int argumentAt(Method m, int slot) {
    int at = m.isStatic() ? 0 : 1;
    List<String> types = m.argumentTypeNames();
    for (int i = 0; i < types.size(); i++) {
      if (at == slot) {
        return i;
      }
      at += types.get(i).equals("long") || types.get(i).equals("double") ? 2 : 1;
    }
    return -1;
  }

  void thisObject(Call c) {
    ThreadReference t = suspendedThread(c);
    StackFrame f = frame(c, t, c.in().readId());
    c.values().writeTaggedObject(c.out(), f.thisObject());
  }

  /**
   * Pops the frames up to and including the given one: that many reverse step-outs, each to the
   * line that called the method. The thread stays suspended and no event is sent, as JDWP says.
   */
  void popFrames(Call c) {
    ThreadReference t = suspendedThread(c);
    Ids.FrameEntry e = c.ids().frameEntry(c.in().readId());
    if (e.thread() != c.ids().thread(t)) {
      throw new JdwpError(JdwpError.INVALID_FRAMEID);
    }
    frame(c, t, e.id());
    client.popFrames(c.ids().threadName(e.thread()), Math.max(1, e.depth() - hiddenFrames(t) + 1));
  }
}
