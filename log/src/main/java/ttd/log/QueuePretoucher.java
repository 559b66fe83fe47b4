package ttd.log;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;
import net.openhft.chronicle.bytes.MappedBytesStore;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.core.OS;
import net.openhft.chronicle.core.io.ReferenceOwner;

/**
 * Faults in the pages of the queue file just ahead of where the recording appends, on a thread of
 * its own, so that the recording program's thread does not take those faults.
 *
 * <p>A new page of the queue file costs a page fault, the kernel zeroing it and the file system
 * reserving its block: on these machines most of a read-heavy recording's time. Touching it in
 * the very mapping the appender writes through (Chronicle's {@link MappedBytesStore} of that 16
 * MiB chunk, which {@link MappedFile#acquireByteStore} shares between everyone who asks) leaves
 * the page table entry in place, so the appender's copy finds the page ready. The touch is a
 * compare-and-swap of 0 with 0 on an int of each page, as Chronicle's own pretouchers do: if the
 * appender got there first the swap fails and writes nothing, so it can never overwrite a byte.
 *
 * <p>It stays at most {@link #AHEAD} bytes ahead of the appender, sleeps while it is that far
 * ahead, and is woken by the appender when the distance has halved. It holds a reservation on
 * the file and on each chunk it touches, so neither can be unmapped under it, and gives them
 * back when the appender has moved past a chunk, when the file changes and when it stops. Any
 * failure (a closed file, a full disk's SIGBUS) ends its work quietly: the appender then takes
 * its own faults, as without it. It is ttd's own thread: it runs no program code and logs
 * nothing.
 */
final class QueuePretoucher extends Thread {

  /** How far ahead of the appender pages are kept touched. */
  static final long AHEAD = 4L << 20;

  /**
   * Where to go on when the appender has overtaken this thread: this far past it, since a page
   * both threads fault at the same time costs the appender as much as faulting it alone.
   */
  private static final long BEHIND_SKIP = 256 << 10;

  private static final long PAGE = OS.pageSize();

  private final ReferenceOwner owner = ReferenceOwner.temporary("ttd-pretouch");
  private volatile MappedFile file;
  private volatile long appended;
  private volatile long touched;
  private volatile boolean asleep;
  private volatile boolean stopping;

  /** The file this thread holds, and the chunks of it, oldest first (this thread's only). */
  private MappedFile held;
  private final ArrayDeque<MappedBytesStore> chunks = new ArrayDeque<>();

  QueuePretoucher() {
    super(rootGroup(), null, "ttd-log-pretouch", 0, false);
    setDaemon(true);
  }

  /** The appender has written {@code file} up to {@code position}; called under the writer's lock. */
  void appended(MappedFile file, long position) {
    boolean changed = this.file != file;
    if (changed) {
      this.file = file;
    }
    appended = position;
    if (asleep && (changed || position + AHEAD / 2 > touched)) {
      asleep = false;
      LockSupport.unpark(this);
    }
  }

  /** How far this thread has touched the current file (for tests). */
  long touched() {
    return touched;
  }

  /** Stops touching, and returns once every reservation is given back. */
  void finish() {
    stopping = true;
    LockSupport.unpark(this);
    boolean interrupted = false;
    while (isAlive()) {
      try {
        join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void run() {
    try {
      while (!stopping) {
        MappedFile f = file;
        long goal = appended + AHEAD;
        if (f != null && (f != held || touched < goal)) {
          touch(f, goal);
        } else {
          asleep = true;
          if (!stopping && appended + AHEAD / 2 <= touched && file == held) {
            LockSupport.park(this);
          }
          asleep = false;
        }
      }
    } catch (Throwable e) {
      // the appender takes its own faults from here on
    } finally {
      releaseAll();
    }
  }

  private void touch(MappedFile f, long goal) throws IOException {
    if (f != held) {
      releaseAll();
      if (!f.tryReserve(owner)) {
        stopping = true;
        return;
      }
      held = f;
      touched = (appended + PAGE - 1) & -PAGE;
    }
    long chunkSize = f.chunkSize();
    long from = appended;
    long at = touched >= from ? touched : (from + BEHIND_SKIP) & -PAGE;
    while (at < goal && !stopping && file == f) {
      MappedBytesStore store = chunk(f, at / chunkSize * chunkSize);
      long end = Math.min(goal, store.start() + chunkSize);
      while (at < end && !stopping) {
        store.compareAndSwapInt(at, 0, 0);
        at += PAGE;
        touched = at;
      }
      releasePassed(chunkSize);
    }
  }

  /** The chunk that starts at {@code start}, reserved once by this thread. */
  private MappedBytesStore chunk(MappedFile f, long start) throws IOException {
    MappedBytesStore last = chunks.peekLast();
    if (last != null && last.start() == start) {
      return last;
    }
    // the overload the appender's MappedBytes calls: its method reference is linked already,
    // where the two-argument one's first call links a lambda (JDK state the replay lacks)
    MappedBytesStore store = f.acquireByteStore(owner, start, null);
    chunks.addLast(store);
    return store;
  }

  /** Gives back the chunks the appender has moved past (it holds its own while it writes there). */
  private void releasePassed(long chunkSize) {
    long position = appended;
    while (chunks.size() > 1 && chunks.peekFirst().start() + chunkSize <= position) {
      chunks.pollFirst().release(owner);
    }
  }

  private void releaseAll() {
    while (!chunks.isEmpty()) {
      chunks.pollFirst().release(owner);
    }
    if (held != null) {
      held.release(owner);
      held = null;
    }
  }

  /** The JVM's root thread group: the program's thread groups do not list this thread. */
  private static ThreadGroup rootGroup() {
    ThreadGroup g = Thread.currentThread().getThreadGroup();
    while (g.getParent() != null) {
      g = g.getParent();
    }
    return g;
  }
}
