package ttd.agent.session;

import static ttd.runtime.NativeIoOp.*;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import ttd.log.EventKind;
import ttd.runtime.RealCalls;

/**
 * Child processes the program starts ({@code ProcessBuilder.start}, {@code Runtime.exec}).
 *
 * <p>Recording forks the child as usual and logs the command, the pid and which of its standard
 * streams are pipes; the pipes count as the program's files, so what the child prints is logged
 * as reads and what the program sends it as writes. What the program learns about the child's end
 * (exited or not, the exit code) is logged where the program reads it. A replay starts no process:
 * it gives the program the recorded pid, {@code /dev/null} descriptors in place of the pipes, the
 * child's output from the log, and compares instead of sending what the program writes to it.
 *
 * <p>When the child exits, the JDK's reaper thread drains its output pipes into memory and closes
 * its input pipe, racing the program's own reads and writes (and in a replay the reaper is done at
 * once); for captured pipes that is left to the program, which reads them to the end and closes
 * them itself.
 */
final class Processes {

  private static final int O_RDWR = 2;
  private static final MethodHandle FILTERED_IN;
  private static final MethodHandle FILTERED_OUT;

  static {
    try {
      FILTERED_IN = MethodHandles.privateLookupIn(FilterInputStream.class, MethodHandles.lookup())
          .findGetter(FilterInputStream.class, "in", java.io.InputStream.class);
      FILTERED_OUT = MethodHandles.privateLookupIn(FilterOutputStream.class, MethodHandles.lookup())
          .findGetter(FilterOutputStream.class, "out", java.io.OutputStream.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ProgramFds fds;
  /** Pids a replay handed out without a child behind them. */
  private final Set<Long> replayed = ConcurrentHashMap.newKeySet();

  Processes(ProgramFds fds) {
    this.fds = fds;
  }

  /** Set when child processes run under rr ({@code nativeChildren=RR}, record only). */
  private volatile NativeChildRecorder nativeChildren;

  /** Records the program's child processes with rr from now on. */
  void recordNativeChildren(NativeChildRecorder recorder) {
    nativeChildren = recorder;
  }

  Object call(Exchange s, ThreadState t, RealCalls real, int op, Object[] a) throws Exception {
    switch (op) {
      case PROCESS_FORK:
        return fork(s, t, real, a);
      case PROCESS_EXITED:
        return s.exchangeLong(t, EventKind.PROCESS_STATE, 0, (Boolean) a[0] ? 1 : 0) != 0;
      case PROCESS_EXIT_CODE:
        return (int) s.exchangeLong(t, EventKind.PROCESS_STATE, 0, (Integer) a[0]);
      case PROCESS_LOCK:
        ((Lock) a[0]).lock(); // inside the hook, so a wait for the reaper's hold is no scheduling decision
        return null;
      case PROCESS_DESTROY:
        return NativeCalls.logged(s, t, real, EventKind.PROCESS_CALL, NativeCalls.key(op, a[0], a[2]), op, a, null);
      case PROCESS_LIST:
        return ProcessListings.exchange(s, t, real, a);
      default:
        return untracked(real, op, a, s.performsRealIo());
    }
  }

  /**
   * On a thread the session does not follow: the reaper's wait for a child and its draining of
   * the pipes. {@code realIo} false (a replay): no process is started or signalled from there
   * either, whatever the thread.
   */
  Object untracked(RealCalls real, int op, Object[] a, boolean realIo) throws Exception {
    switch (op) {
      case PROCESS_FORK:
        if (!realIo) {
          throw UnfollowedThreads.refused("start " + text((byte[]) a[3]));
        }
        return real.call(op, a);
      case PROCESS_DESTROY:
        return realIo ? real.call(op, a) : Boolean.FALSE;
      case PROCESS_REAP:
        return replayed.contains((Long) a[0]) ? 0 : real.call(op, a);
      case PROCESS_PIPE_EXITED:
        return leavesNothingToDrain(a[0]) ? null : real.call(op, a);
      case PROCESS_EXITED:
      case PROCESS_EXIT_CODE:
        return a[0];
      case PROCESS_WAIT:
        await(a[0]);
        return null;
      case PROCESS_WAIT_NANOS:
        return ((Condition) a[0]).awaitNanos((Long) a[1]);
      case PROCESS_LOCK:
        ((Lock) a[0]).lock();
        return null;
      default:
        return real.call(op, a);
    }
  }

  /** forkAndExec(mode, helper, prog, argBlock, argc, envBlock, envc, dir, fds, redirectErrorStream). */
  private Object fork(Exchange s, ThreadState t, RealCalls real, Object[] a) throws Exception {
    int[] std = (int[]) a[9];
    boolean[] pipe = new boolean[std.length];
    for (int i = 0; i < std.length; i++) {
      pipe[i] = std[i] == -1;
    }
    String command = text((byte[]) a[3]) + " " + text((byte[]) a[4]).replace('\0', ' ').trim();
    String key = NativeCalls.key(PROCESS_FORK, command, "in", a[8] == null ? "." : text((byte[]) a[8]),
        "pipes", java.util.Arrays.toString(pipe));
    warnIfOutputInherited(s, command, std); // before the fork, which overwrites std
    String outcome = null;
    if (s.performsRealIo()) {
      try {
        NativeChildRecorder rr = nativeChildren;
        int pid = (int) real.call(PROCESS_FORK, rr == null ? a : rr.wrapped(a));
        outcome = Integer.toString(pid);
      } catch (IOException e) {
        outcome = "!" + e.getMessage();
      }
    }
    outcome = s.exchangePair(t, EventKind.PROCESS_START, key, outcome);
    if (outcome.startsWith("!")) {
      throw new IOException(outcome.substring(1));
    }
    int pid = Integer.parseInt(outcome);
    for (int i = 0; i < std.length; i++) {
      if (!pipe[i] && !s.performsRealIo()) {
        std[i] = -1; // as the native fork leaves it: the JDK must not take this JVM's own fd for a pipe
      } else if (pipe[i]) {
        if (!s.performsRealIo()) {
          Object devNull = FileSystems.getDefault().getPath("/dev/null");
          std[i] = (int) real.call(OPEN, new Object[] {devNull, O_RDWR, 0});
        }
        fds.openedPipe(std[i], "pipe " + i + " of " + command);
      }
    }
    if (!s.performsRealIo()) {
      replayed.add((long) pid);
    }
    return pid;
  }

  /**
   * A child that inherits this JVM's stdout or stderr ({@code inheritIO()}, {@code Redirect.INHERIT})
   * prints straight to the terminal, past every hook: say so while recording, since a replay starts
   * no child and so cannot print that output.
   */
  private static void warnIfOutputInherited(Exchange s, String command, int[] std) {
    for (int i = 1; i <= 2 && i < std.length; i++) {
      if (std[i] == i) {
        s.warn("the program started `" + command + "` with its " + (i == 1 ? "stdout" : "stderr")
            + " inherited: what it prints there is not recorded, and a replay will not print it");
      }
    }
  }

  private static void await(Object monitorOrCondition) throws InterruptedException {
    if (monitorOrCondition instanceof Condition) {
      ((Condition) monitorOrCondition).await();
    } else {
      monitorOrCondition.wait();
    }
  }

  /**
   * Whether the reaper's {@code processExited} is left out for {@code stream}: a pipe the program's
   * reads and writes are captured on (its stragglers come from the log), or one the program closed
   * already ({@code Process.destroy} closes them on JDK 25), for which the call does nothing but
   * take the stream's monitor, which a reader blocked in the pipe may hold while it waits for the
   * scheduler's baton.
   */
  private boolean leavesNothingToDrain(Object stream) {
    try {
      Object end = stream instanceof FilterInputStream ? FILTERED_IN.invoke(stream) : FILTERED_OUT.invoke(stream);
      if (end == null) {
        return true;
      }
      FileDescriptor fd = end instanceof FileInputStream i ? i.getFD() : end instanceof FileOutputStream o ? o.getFD() : null;
      return fd != null && (!fd.valid() || fds.path(fd) != null);
    } catch (Throwable e) {
      return false;
    }
  }

  private static String text(byte[] b) {
    if (b == null) {
      return "";
    }
    int end = b.length > 0 && b[b.length - 1] == 0 ? b.length - 1 : b.length;
    return new String(b, 0, end, StandardCharsets.UTF_8);
  }
}
