package ttd.agent.value;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;

/**
 * What {@code ThreadMXBean}'s {@code getThreadInfo} and {@code dumpAllThreads} returned, as an
 * input: the blocked and waited counts and times, the lock a thread waits on, the monitors and
 * synchronizers it holds and where the JDK's threads stand in their waits depend on timing, so a
 * replay that asked the JVM again printed other thread dumps (a watchdog's, a deadlock report's).
 * The recording logs every field a program can read, its stacks as {@link ThreadStacks} writes
 * them and without ttd's frames; the replay builds equal infos.
 *
 * <p>{@code ThreadInfo} has no public constructor but {@code from(CompositeData)}, so the replay
 * makes one through a private constructor and sets its fields (java.management opens its package
 * to the agent, {@code ttd.launch.PreMain}).
 */
public final class ThreadInfos {

  private ThreadInfos() {}

  /**
   * {@code getThreadInfo(long[]...)}'s and {@code dumpAllThreads}' infos (a {@code null} entry: no
   * such live thread); a replay checks that its own call returned as many.
   */
  public static final ValueCodec<ThreadInfo[]> ALL = new ValueCodec<>() {
    @Override
    public String encode(ThreadInfo[] infos) {
      ThreadStacks.Writer w = new ThreadStacks.Writer();
      w.number(infos.length);
      for (ThreadInfo i : infos) {
        write(w, i);
      }
      return w.out.toString();
    }

    @Override
    public ThreadInfo[] decode(String text) {
      ThreadStacks.Reader r = new ThreadStacks.Reader(text);
      ThreadInfo[] infos = new ThreadInfo[r.number()];
      for (int k = 0; k < infos.length; k++) {
        infos[k] = read(r);
      }
      return infos;
    }

    @Override
    public ThreadInfo[] seen(ThreadInfo[] infos) {
      for (int k = 0; infos != null && k < infos.length; k++) {
        ThreadInfos.seen(infos[k]);
      }
      return infos;
    }

    @Override
    public void touch(ThreadInfo[] infos) {
      for (ThreadInfo i : infos) {
        ThreadInfos.touch(i);
      }
    }

    @Override
    public String shape(ThreadInfo[] infos) {
      return "the infos of " + infos.length + " threads";
    }
  };

  /** {@code getThreadInfo(long...)}'s info of one thread (null: no such live thread). */
  public static final ValueCodec<ThreadInfo> ONE = new ValueCodec<>() {
    @Override
    public String encode(ThreadInfo info) {
      ThreadStacks.Writer w = new ThreadStacks.Writer();
      write(w, info);
      return w.out.toString();
    }

    @Override
    public ThreadInfo decode(String text) {
      return read(new ThreadStacks.Reader(text));
    }

    @Override
    public ThreadInfo seen(ThreadInfo info) {
      return ThreadInfos.seen(info);
    }

    @Override
    public void touch(ThreadInfo info) {
      ThreadInfos.touch(info);
    }
  };

  /** {@code findDeadlockedThreads}' ids: the JVM's, and the cycles of waits the model knows. */
  public static final ValueCodec<long[]> DEADLOCKED = deadlocked(false);

  /** {@code findMonitorDeadlockedThreads}' ids: the JVM's, and the cycles of monitor waits the model knows. */
  public static final ValueCodec<long[]> MONITOR_DEADLOCKED = deadlocked(true);

  private static ValueCodec<long[]> deadlocked(boolean monitorsOnly) {
    return new ValueCodec<>() {
      @Override
      public String encode(long[] ids) {
        return ValueCodec.LONGS.encode(ids);
      }

      @Override
      public long[] decode(String text) {
        return ValueCodec.LONGS.decode(text);
      }

      /** A thread waiting in the scheduler waits on ttd's gate, where the JVM finds no cycle. */
      @Override
      public long[] seen(long[] real) {
        Model m = model;
        long[] cycles = m == null ? new long[0] : m.deadlocked(monitorsOnly);
        if (cycles.length == 0) {
          return real;
        }
        long[] all = real == null ? cycles : LongStream.concat(LongStream.of(real), LongStream.of(cycles)).toArray();
        return LongStream.of(all).distinct().toArray();
      }
    };
  }

  /**
   * What the scheduler's model knows of a thread that waits in it. The real thread waits on a gate
   * of ttd's for its turn, so the JVM shows that wait (its state, ttd's gate as the lock, no owner)
   * where a plain run shows the program's: the monitor the thread wants and who holds it, the
   * object it waits on, the blocker it is parked on.
   */
  public interface Model {
    /**
     * What thread {@code id} waits for in the model, or null where the JVM's answer is the
     * program's (the caller itself, a thread the scheduler does not run).
     */
    Wait waitOf(long id);

    /**
     * The ids of the threads in a cycle of waits for monitors (and, unless {@code monitorsOnly},
     * for ownable synchronizers such as a {@code ReentrantLock}): each wants what the next holds.
     */
    long[] deadlocked(boolean monitorsOnly);
  }

  /**
   * A thread's wait as a plain run would show it.
   *
   * @param lock what it waits for (a monitor, the object of its {@code Object.wait}, its park's
   *     blocker), or null
   * @param owner who holds {@code lock}, or null
   */
  public record Wait(Thread thread, Thread.State state, Object lock, Thread owner) {}

  private static volatile Model model;

  /** Sets the {@link Model} infos are shown through before they are logged (the session's, once). */
  public static void seeThrough(Model m) {
    model = m;
  }

  /**
   * Gives the locks the model shows in {@code info} their identity hashes, as the JDK's call does
   * for the locks it names, on the program's hash state in record and replay alike.
   */
  private static void touch(ThreadInfo info) {
    Model m = model;
    Wait w = m == null || info == null ? null : m.waitOf(info.getThreadId());
    if (w != null && w.lock() != null) {
      System.identityHashCode(w.lock());
    }
  }

  /**
   * {@code info} with ttd's frames out of its stack, and its locked monitors' depths counted in
   * what is left (a monitor locked in a frame of ttd's is ttd's, and left out). A thread that
   * waits in the scheduler shows the model's wait ({@link Model}), and as many of the program's
   * frames as the caller's {@code maxDepth} allows: the JVM counted ttd's frames in it.
   */
  private static ThreadInfo seen(ThreadInfo info) {
    if (info == null) {
      return null;
    }
    Model m = model;
    Wait w = m == null ? null : m.waitOf(info.getThreadId());
    if (w != null) {
      show(info, w);
    }
    StackTraceElement[] stack = (StackTraceElement[]) Fields.STACK.get(info);
    StackTraceElement[] whole = w == null ? stack : uncut(w.thread(), stack);
    StackTraceElement[] seen = ThreadStacks.seen(whole);
    if (seen == stack) {
      return info;
    }
    if (seen.length > stack.length) {
      seen = Arrays.copyOf(seen, stack.length);
    }
    Fields.STACK.set(info, seen);
    List<MonitorInfo> monitors = new ArrayList<>();
    for (MonitorInfo mi : (MonitorInfo[]) Fields.MONITORS.get(info)) {
      int depth = mi.getLockedStackDepth() < 0 ? -1 : indexOf(seen, whole[mi.getLockedStackDepth()]);
      if (mi.getLockedStackDepth() < 0 || depth >= 0) {
        StackTraceElement frame = depth < 0 ? null : seen[depth];
        monitors.add(new MonitorInfo(mi.getClassName(), mi.getIdentityHashCode(), depth, frame));
      }
    }
    Fields.MONITORS.set(info, monitors.toArray(new MonitorInfo[0]));
    return info;
  }

  /** Sets {@code info}'s state, lock and lock owner to the model's ({@link #touch} hashed the lock). */
  private static void show(ThreadInfo info, Wait w) {
    Fields.STATE.set(info, w.state());
    Object on = w.lock();
    LockInfo lock = on == null ? null : new LockInfo(on.getClass().getName(), System.identityHashCode(on));
    Fields.LOCK.set(info, lock);
    Fields.LOCK_NAME.set(info, lock == null ? null : lock.toString());
    Fields.LOCK_OWNER_ID.set(info, w.owner() == null ? -1L : w.owner().getId());
    Fields.LOCK_OWNER_NAME.set(info, w.owner() == null ? null : w.owner().getName());
  }

  /**
   * The whole stack of a {@code thread} waiting in the scheduler, of which the JVM gave the caller
   * {@code stack}, its first frames up to a {@code maxDepth} that counted ttd's: the program's
   * frames of a waiting thread stay as they are, so a second look finds the rest. {@code stack}
   * itself if it was whole, or if the thread has gone on meanwhile. The second look is a thread
   * info too ({@code Thread.getStackTrace()} leaves out hidden frames, a lambda's), whose lock the
   * JVM hashes: ttd's gate, or the program's monitor {@link #touch} hashed already.
   */
  private static StackTraceElement[] uncut(Thread thread, StackTraceElement[] stack) {
    if (stack.length == 0) {
      return stack;
    }
    ThreadInfo again = ManagementFactory.getThreadMXBean().getThreadInfo(thread.getId(), Integer.MAX_VALUE);
    StackTraceElement[] whole = again == null ? stack : (StackTraceElement[]) Fields.STACK.get(again);
    boolean same = whole.length > stack.length && Arrays.equals(stack, 0, stack.length, whole, 0, stack.length);
    return same ? whole : stack;
  }

  private static int indexOf(StackTraceElement[] stack, StackTraceElement frame) {
    for (int k = 0; k < stack.length; k++) {
      if (stack[k] == frame) {
        return k;
      }
    }
    return -1;
  }

  private static void write(ThreadStacks.Writer w, ThreadInfo i) {
    if (i == null) {
      w.number(-1);
      return;
    }
    w.number(i.getThreadId());
    w.text(i.getThreadName());
    w.text(i.getThreadState().name());
    w.number(i.getBlockedCount());
    w.number(i.getBlockedTime());
    w.number(i.getWaitedCount());
    w.number(i.getWaitedTime());
    lock(w, i.getLockInfo());
    w.text(i.getLockName());
    w.number(i.getLockOwnerId());
    w.text(i.getLockOwnerName());
    w.number((i.isDaemon() ? 1 : 0) | (i.isInNative() ? 2 : 0) | (i.isSuspended() ? 4 : 0));
    w.number(i.getPriority());
    w.stack((StackTraceElement[]) Fields.STACK.get(i));
    MonitorInfo[] monitors = i.getLockedMonitors();
    w.number(monitors.length);
    for (MonitorInfo m : monitors) {
      lock(w, m);
      w.number(m.getLockedStackDepth());
    }
    LockInfo[] synchronizers = i.getLockedSynchronizers();
    w.number(synchronizers.length);
    for (LockInfo s : synchronizers) {
      lock(w, s);
    }
  }

  private static ThreadInfo read(ThreadStacks.Reader r) {
    long id = r.longNumber();
    if (id < 0) {
      return null;
    }
    ThreadInfo i;
    try {
      i = (ThreadInfo) Fields.MAKE.invokeExact(Thread.currentThread(), 0, (Object) null, (Thread) null, 0L, 0L, 0L, 0L,
          new StackTraceElement[0]);
    } catch (Throwable e) {
      throw new IllegalStateException("cannot make a ThreadInfo", e);
    }
    Fields.ID.set(i, id);
    Fields.NAME.set(i, r.text());
    Fields.STATE.set(i, Thread.State.valueOf(r.text()));
    Fields.BLOCKED_COUNT.set(i, r.longNumber());
    Fields.BLOCKED_TIME.set(i, r.longNumber());
    Fields.WAITED_COUNT.set(i, r.longNumber());
    Fields.WAITED_TIME.set(i, r.longNumber());
    Fields.LOCK.set(i, readLock(r));
    Fields.LOCK_NAME.set(i, r.text());
    Fields.LOCK_OWNER_ID.set(i, r.longNumber());
    Fields.LOCK_OWNER_NAME.set(i, r.text());
    int flags = r.number();
    Fields.DAEMON.set(i, (flags & 1) != 0);
    Fields.IN_NATIVE.set(i, (flags & 2) != 0);
    Fields.SUSPENDED.set(i, (flags & 4) != 0);
    Fields.PRIORITY.set(i, r.number());
    StackTraceElement[] stack = r.stack();
    Fields.STACK.set(i, stack);
    MonitorInfo[] monitors = new MonitorInfo[r.number()];
    for (int k = 0; k < monitors.length; k++) {
      String className = r.text();
      int hash = r.number();
      int depth = r.number();
      monitors[k] = new MonitorInfo(className, hash, depth, depth >= 0 ? stack[depth] : null);
    }
    Fields.MONITORS.set(i, monitors);
    LockInfo[] synchronizers = new LockInfo[r.number()];
    for (int k = 0; k < synchronizers.length; k++) {
      synchronizers[k] = readLock(r);
    }
    Fields.SYNCHRONIZERS.set(i, synchronizers);
    return i;
  }

  /** ThreadInfo's private parts, looked up when the first info is logged or rebuilt. */
  private static final class Fields {
    static final MethodHandle MAKE;
    static final VarHandle NAME;
    static final VarHandle ID;
    static final VarHandle STATE;
    static final VarHandle BLOCKED_COUNT;
    static final VarHandle BLOCKED_TIME;
    static final VarHandle WAITED_COUNT;
    static final VarHandle WAITED_TIME;
    static final VarHandle LOCK;
    static final VarHandle LOCK_NAME;
    static final VarHandle LOCK_OWNER_ID;
    static final VarHandle LOCK_OWNER_NAME;
    static final VarHandle DAEMON;
    static final VarHandle IN_NATIVE;
    static final VarHandle SUSPENDED;
    static final VarHandle PRIORITY;
    static final VarHandle STACK;
    static final VarHandle MONITORS;
    static final VarHandle SYNCHRONIZERS;

    static {
      try {
        MethodHandles.Lookup l = MethodHandles.privateLookupIn(ThreadInfo.class, MethodHandles.lookup());
        MAKE = l.findConstructor(ThreadInfo.class, MethodType.methodType(void.class, Thread.class, int.class,
            Object.class, Thread.class, long.class, long.class, long.class, long.class, StackTraceElement[].class));
        NAME = l.findVarHandle(ThreadInfo.class, "threadName", String.class);
        ID = l.findVarHandle(ThreadInfo.class, "threadId", long.class);
        STATE = l.findVarHandle(ThreadInfo.class, "threadState", Thread.State.class);
        BLOCKED_COUNT = l.findVarHandle(ThreadInfo.class, "blockedCount", long.class);
        BLOCKED_TIME = l.findVarHandle(ThreadInfo.class, "blockedTime", long.class);
        WAITED_COUNT = l.findVarHandle(ThreadInfo.class, "waitedCount", long.class);
        WAITED_TIME = l.findVarHandle(ThreadInfo.class, "waitedTime", long.class);
        LOCK = l.findVarHandle(ThreadInfo.class, "lock", LockInfo.class);
        LOCK_NAME = l.findVarHandle(ThreadInfo.class, "lockName", String.class);
        LOCK_OWNER_ID = l.findVarHandle(ThreadInfo.class, "lockOwnerId", long.class);
        LOCK_OWNER_NAME = l.findVarHandle(ThreadInfo.class, "lockOwnerName", String.class);
        DAEMON = l.findVarHandle(ThreadInfo.class, "daemon", boolean.class);
        IN_NATIVE = l.findVarHandle(ThreadInfo.class, "inNative", boolean.class);
        SUSPENDED = l.findVarHandle(ThreadInfo.class, "suspended", boolean.class);
        PRIORITY = l.findVarHandle(ThreadInfo.class, "priority", int.class);
        STACK = l.findVarHandle(ThreadInfo.class, "stackTrace", StackTraceElement[].class);
        MONITORS = l.findVarHandle(ThreadInfo.class, "lockedMonitors", MonitorInfo[].class);
        SYNCHRONIZERS = l.findVarHandle(ThreadInfo.class, "lockedSynchronizers", LockInfo[].class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }

  private static void lock(ThreadStacks.Writer w, LockInfo lock) {
    if (lock == null) {
      w.text(null);
      return;
    }
    w.text(lock.getClassName());
    w.number(lock.getIdentityHashCode());
  }

  private static LockInfo readLock(ThreadStacks.Reader r) {
    String className = r.text();
    return className == null ? null : new LockInfo(className, r.number());
  }
}
