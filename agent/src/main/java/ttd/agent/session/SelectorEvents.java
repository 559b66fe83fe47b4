package ttd.agent.session;

import java.io.IOException;
import java.util.function.BiConsumer;
import ttd.agent.io.NativeMemory;
import ttd.agent.io.RealSunNio;
import ttd.agent.schedule.QuietWait;
import ttd.log.EventKind;
import ttd.runtime.NetOp;
import ttd.runtime.RealNet;

/**
 * The epoll selector's natives: which channels a wait found ready, and the selector's interest
 * changes and wake-up descriptor. The asynchronous channels' {@code EPollPort} calls the same
 * natives and is woken up through a pipe, whose read end is its wake-up descriptor; the program's
 * own {@code Pipe} is such a pipe too.
 *
 * <p>A recording logs how many events a wait returned and each event's (fd, ready set), read from
 * the native event array. A replay writes them back into that array, with each recorded fd mapped
 * to the replay's own ({@link FdTable}), so the selector selects the same keys. Interest changes
 * are logged; in replay they reach the real epoll only for real descriptors (the wake-up
 * descriptor), never for the stand-ins of sockets. When the recorded wait was ended by a wake-up,
 * the replay waits for the program's own wake-up on the real descriptor: that keeps another
 * thread's registration, which the wake-up announces, ahead of the selection that depends on it.
 */
final class SelectorEvents {

  /** How long a replayed wait waits for a wake-up or an fd the recording had before giving up. */
  private static final long PATIENCE_MILLIS = 20_000;

  private final FdTable fds;
  private final Blocking blocking;
  /** Told of each pipe's two fds (this JVM's), whose reads and writes the file side logs. */
  private final BiConsumer<Integer, Integer> pipes;
  private volatile int[] layout;

  SelectorEvents(FdTable fds, Blocking blocking, BiConsumer<Integer, Integer> pipes) {
    this.fds = fds;
    this.blocking = blocking;
    this.pipes = pipes;
  }

  Object exchange(Exchange s, ThreadState t, RealNet real, int op, Object[] a) throws IOException {
    switch (op) {
      case NetOp.SELECTOR_WAIT:
        return waitFor(s, t, real, a);
      case NetOp.SELECTOR_CONTROL:
        int result = s.performsRealIo() || !fds.isStandIn((Integer) a[2]) ? (Integer) real.call(op, a) : 0;
        return (int) NetWire.result(s.exchangeData(t, EventKind.SELECTOR_CONTROL, NetWire.value(result), null, 0, 0, null));
      case NetOp.PIPE_OPEN:
        return pipeOpened(s, t, (Long) real.call(op, a));
      default: // the wake-up descriptor (an eventfd): real in replay too, mapped to the recorded one
        int fd = (Integer) real.call(op, a);
        wakeupOpened(s, t, fd);
        return fd;
    }
  }

  /** Logs the wake-up descriptor a selector polls; replay maps the recorded number to its own. */
  private void wakeupOpened(Exchange s, ThreadState t, int fd) {
    long recorded = NetWire.result(s.exchangeData(t, EventKind.SELECTOR_WAKEUP_OPEN, NetWire.value(fd), null, 0, 0, null));
    if (!s.performsRealIo()) {
      fds.wakeup((int) recorded, fd);
    }
  }

  /**
   * Logs a pipe the process keeps to itself ({@code (read fd << 32) | write fd}): an asynchronous
   * channel group's wake-up pipe, whose read end its port polls, or the program's {@code Pipe},
   * whose ends the program may register with a selector. Both ends are real in replay too, and
   * are mapped from the recorded numbers like a wake-up descriptor, so a recorded selection of
   * either names the replay's. The data goes through the file dispatcher's natives, which log it
   * ({@code NioChannels}: the port's pipe uses {@code IOUtil}'s own natives, which stay real).
   */
  private long pipeOpened(Exchange s, ThreadState t, long pipe) {
    long recorded = NetWire.result(s.exchangeData(t, EventKind.SELECTOR_WAKEUP_OPEN, NetWire.value(pipe), null, 0, 0, null));
    if (!s.performsRealIo()) {
      fds.wakeup((int) (recorded >>> 32), (int) (pipe >>> 32));
      fds.wakeup((int) recorded, (int) pipe);
    }
    pipes.accept((int) (pipe >>> 32), (int) pipe);
    return pipe;
  }

  private int waitFor(Exchange s, ThreadState t, RealNet real, Object[] a) throws IOException {
    long address = (Long) a[1];
    int[] l = layout();
    if (s.performsRealIo()) {
      int n;
      IOException failure = null;
      // a wait with timeout 0 (selectNow) returns at once, and keeps the baton: given up there,
      // the baton went to a thread that then blocked for real on the selector's monitor, which
      // the JDK holds around the wait; it offers its turn once out of that code instead, as a poll
      // loop's thread did by giving it up there
      boolean now = (Integer) a[3] == 0;
      blocking.begin(t, "a selector's wait", now);
      try {
        n = (Integer) real.call(NetOp.SELECTOR_WAIT, a);
      } catch (IOException e) {
        failure = e;
        n = 0;
      } finally {
        blocking.end(t);
      }
      if (now) {
        blocking.offerTurn(t);
      }
      byte[] events = new byte[Math.max(n, 0) * 8];
      for (int i = 0; i < n; i++) {
        long e = address + (long) i * l[0];
        putInt(events, i * 8, NativeMemory.getInt(e + l[2]));
        putInt(events, i * 8 + 4, NativeMemory.getInt(e + l[1]));
      }
      if (failure != null) {
        throw NetWire.logged(s, t, EventKind.SELECTOR_WAIT, NetOp.SELECTOR_WAIT, failure);
      }
      s.exchangeData(t, EventKind.SELECTOR_WAIT, NetWire.value(n), events, 0, events.length, null);
      return n;
    }
    // the hand-overs of the recorded wait happen here (none where it kept the baton); under the
    // scheduler they also order the other threads' registrations and wake-ups before this
    // selection, as they were recorded, so a scheduled thread never waits for them for real
    boolean scheduled = blocking.scheduled(t);
    blocking.begin(t, "a replayed selector's wait");
    blocking.end(t);
    long[] value = new long[1];
    byte[][] payload = new byte[1][];
    s.exchangeData(t, EventKind.SELECTOR_WAIT, 0, null, 0, 0, (v, data, at) -> {
      value[0] = v;
      payload[0] = data;
      return false;
    });
    if (value[0] == NetWire.FAILED) {
      NetWire.Reader r = new NetWire.Reader(payload[0]);
      throw r.failure();
    }
    int n = (int) NetWire.result(value[0]);
    byte[] events = payload[0];
    for (int i = 0; i < n; i++) {
      int fd = scheduled ? fds.replayed(getInt(events, i * 8)) : mapped(s, t, getInt(events, i * 8));
      if (fd < 0) {
        s.mismatch(t, "a selector event for recorded fd " + getInt(events, i * 8),
            "no socket or selector replay created stands for that fd");
      }
      if (!scheduled && fds.isWakeup(fd)) {
        awaitWakeup(s, t, real, a, fd);
      }
      long e = address + (long) i * l[0];
      NativeMemory.putInt(e + l[2], fd);
      NativeMemory.putInt(e + l[1], getInt(events, i * 8 + 4));
    }
    return n;
  }

  /** Replay: the replay fd for a recorded one, waiting a while for another thread to create it. */
  private int mapped(Exchange s, ThreadState t, int recordedFd) {
    int fd = fds.replayed(recordedFd);
    long deadline = System.currentTimeMillis() + PATIENCE_MILLIS;
    QuietWait wait = new QuietWait(); // a selector's thread is interrupted to wake it; the recording did not wait here
    while (fd < 0 && System.currentTimeMillis() < deadline) {
      blocking.begin(t, "a replayed selector's wait for recorded fd " + recordedFd);
      try {
        wait.sleep(1);
      } finally {
        blocking.end(t);
      }
      fd = fds.replayed(recordedFd);
    }
    wait.done();
    if (fd < 0) {
      s.mismatch(t, "a selector event for recorded fd " + recordedFd,
          "no socket or selector replay created stands for that fd");
    }
    return fd;
  }

  /** Replay: waits on the real epoll (which holds only real descriptors) for the wake-up. */
  private void awaitWakeup(Exchange s, ThreadState t, RealNet real, Object[] a, int wakeupFd)
      throws IOException {
    int[] l = layout();
    long address = (Long) a[1];
    long deadline = System.currentTimeMillis() + PATIENCE_MILLIS;
    blocking.begin(t, "a replayed selector's wait for its wake-up");
    try {
      while (System.currentTimeMillis() < deadline) {
        int n = (Integer) real.call(NetOp.SELECTOR_WAIT, new Object[] {a[0], a[1], a[2], 100});
        for (int i = 0; i < n; i++) {
          if (NativeMemory.getInt(address + (long) i * l[0] + l[2]) == wakeupFd) {
            return;
          }
        }
      }
    } finally {
      blocking.end(t);
    }
    s.mismatch(t, "a selector woken up by another thread", "no wake-up within "
        + PATIENCE_MILLIS / 1000 + " s (threads blocked: " + blocking.describe() + ")");
  }

  /** {size of an epoll_event, offset of its events, offset of its fd}, from {@code EPoll}. */
  private int[] layout() {
    int[] l = layout;
    if (l == null) {
      l = RealSunNio.epollLayout();
      layout = l;
    }
    return l;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  private static int getInt(byte[] b, int at) {
    return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
  }
}
