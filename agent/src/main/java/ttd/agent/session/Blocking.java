package ttd.agent.session;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The one place where a program thread blocks in network I/O: every blocking native (connect,
 * accept, read, poll, a selector's wait, a name lookup) runs between {@link #begin} and {@link
 * #end}, in record, and in replay wherever a replay really waits (a selector woken by another
 * thread).
 *
 * <p>This is where the serializing scheduler releases the running-thread baton before the call and
 * takes it back after ({@link Baton}), in record and at the same points in replay, where the call
 * itself does not block but the hand-overs the log holds must happen there. Meanwhile the thread does not touch its event block, so a recording that
 * ends while threads are blocked (a server's dispatcher waiting for the next connection when the
 * program exits) can still log what they did before they blocked ({@link #whileBlocked}). Threads
 * are kept by ordinal, not by {@code Thread}, whose identity hash the program may see.
 */
public final class Blocking {

  private static final int RUNNING = 0;
  private static final int BLOCKED = 1;
  private static final int VISITED = 2;

  /** Gives up and takes back the running-thread baton around a blocking call (the scheduler). */
  public interface Baton {
    /**
     * The thread is about to block: others may run. Returns whether it gave up the baton; not
     * when the call cannot block ({@code ready}, record), nor in replay where the recording kept it.
     */
    boolean release(ThreadState t, boolean ready);

    /** The thread is back: waits until it holds the baton again if it gave it up. */
    void retake(ThreadState t, boolean released);

    /** Whether the thread holds the baton: the serializing scheduler orders it with the others. */
    boolean holds(ThreadState t);

    /** The thread, holding the baton, offers its turn at its next tick. */
    void offerTurn(ThreadState t);
  }

  /** One thread's blocking state. */
  private static final class Blocked {
    final ThreadState thread;
    final AtomicInteger state = new AtomicInteger(RUNNING);
    volatile String what;
    boolean released;

    Blocked(ThreadState thread) {
      this.thread = thread;
    }
  }

  private final Map<Integer, Blocked> threads = new ConcurrentHashMap<>();
  private final Baton baton;

  public Blocking(Baton baton) {
    this.baton = baton;
  }

  /**
   * The calling thread is about to block in {@code what}. Returns whether it gave up the baton
   * (then other threads run, in an order the log holds, until {@link #end}).
   *
   * <p>The baton goes first and the thread counts as blocked after: while it holds the baton or
   * waits for it, the scheduler's own flush at exit covers it, so it never touches its block
   * while marked blocked.
   */
  public boolean begin(ThreadState t, String what) {
    return begin(t, what, false);
  }

  /**
   * {@link #begin(ThreadState, String)} for a call a probe found ready (record): it returns at once
   * (an accept with a connection waiting, a read with bytes there), so the thread keeps the baton
   * and nothing is logged, which the replay reads as "kept" too. Giving it up there cost every
   * accept a turn behind every runnable thread: a server's accepting thread fell so far behind
   * 1 500 clients that its listen backlog overflowed and clients timed out (Helidon).
   */
  public boolean begin(ThreadState t, String what, boolean ready) {
    Blocked b = threads.computeIfAbsent(t.ordinal(), k -> new Blocked(t));
    b.released = baton.release(t, ready);
    b.what = what;
    b.state.set(BLOCKED);
    return b.released;
  }

  /**
   * Whether the calling thread runs under the scheduler (it holds the baton), whether or not a
   * call it makes gives the baton up: a call that cannot block keeps it ({@code ready}).
   */
  public boolean scheduled(ThreadState t) {
    return baton.holds(t);
  }

  /**
   * The calling thread made a call that could not block and kept the baton through it (a {@code
   * selectNow}, a non-blocking channel's read or write that moved nothing): where it holds the
   * baton, it offers its turn at its next tick, in its own code rather than inside the JDK's locks
   * the call holds, so that a poll loop lets the thread it waits for run instead of spinning a
   * whole time slice, as it did when the call gave the baton up.
   */
  public void offerTurn(ThreadState t) {
    if (baton.holds(t)) {
      baton.offerTurn(t);
    }
  }

  /** The calling thread is back from the call {@link #begin} announced. */
  public void end(ThreadState t) {
    Blocked b = threads.get(t.ordinal());
    while (!b.state.compareAndSet(BLOCKED, RUNNING)) {
      Thread.onSpinWait(); // another thread is flushing this one's block: a few microseconds
    }
    baton.retake(t, b.released);
  }

  /** Runs {@code action} on the state of each thread blocked right now, which stays blocked meanwhile. */
  public void whileBlocked(Consumer<ThreadState> action) {
    for (Blocked b : threads.values()) {
      if (b.state.compareAndSet(BLOCKED, VISITED)) {
        try {
          action.accept(b.thread);
        } finally {
          b.state.set(BLOCKED);
        }
      }
    }
  }

  /** The threads blocked right now and in what, for a report; empty if none. */
  public String describe() {
    StringBuilder s = new StringBuilder();
    for (Map.Entry<Integer, Blocked> e : new TreeMap<>(threads).entrySet()) {
      if (e.getValue().state.get() != RUNNING) {
        s.append(s.length() == 0 ? "" : ", ")
            .append("thread #").append(e.getKey()).append(" in ").append(e.getValue().what);
      }
    }
    return s.toString();
  }
}
