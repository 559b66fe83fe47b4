package ttd.agent.session;

import ttd.runtime.ReplayPosition;
import java.io.FileDescriptor;
import java.io.IOException;
import ttd.log.EventKind;
import ttd.runtime.RealNet;

/**
 * The hooks that stand in for network natives (sockets, the epoll selector, name lookups), written
 * once for record and replay.
 *
 * <p>Each runs inside the agent-code bracket and leaves the decisions to {@link NetCalls}, {@link
 * SelectorEvents} and {@link SocketTransfers}. Every blocking call goes through {@link #blocking}.
 * Threads the program did not start (JDK internals) get the real natives.
 */
public abstract class SessionNet extends SessionFiles {

  /** Where program threads block in network I/O (the scheduler's release point). */
  protected final Blocking blocking = new Blocking(new Blocking.Baton() {
    @Override
    public boolean release(ThreadState t) {
      return blockingBegin(t);
    }

    @Override
    public void retake(ThreadState t, boolean released) {
      blockingEnd(t, released);
    }
  });
  private final NetCalls calls = new NetCalls(new FdTable(), blocking);
  private final SocketTransfers transfers = new SocketTransfers(blocking);

  /**
   * Record: logs an event of {@code kind} with {@code value} and the payload {@code
   * b[off..off+len)} (split into continuation events if large) and returns {@code value}. Replay:
   * checks that the thread's next event is of {@code kind}, hands its payload to {@code sink}
   * (which may be null) and returns its value.
   */
  protected abstract long exchangeData(
      ThreadState t, EventKind kind, long value, byte[] b, int off, int len, PayloadSink sink);

  /** Replay: the program did something else than the recording; stops with a report. */
  protected abstract void mismatch(ThreadState t, String expected, String actual);

  @Override
  public Object onNet(RealNet real, int op, Object[] args) throws IOException {
    ThreadState t = enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.refused("use the network");
      }
      if (unfollowedInReplay()) {
        UnfollowedThreads.net(op);
      }
      return real.call(op, args);
    }
    try {
      return calls.exchange(this, t, real, op, args);
    } finally {
      exit(t);
    }
  }

  @Override
  public long onSocket(RealNet real, int op, FileDescriptor fd, long address, int len)
      throws IOException {
    ThreadState t = enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.refused("use the network");
      }
      return real.transfer(op, fd, address, len);
    }
    try {
      return transfers.exchange(this, t, real, op, fd, address, len);
    } finally {
      exit(t);
    }
  }
}
