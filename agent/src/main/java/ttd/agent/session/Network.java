package ttd.agent.session;

import java.io.FileDescriptor;
import java.io.IOException;
import java.util.function.BiConsumer;
import ttd.runtime.RealNet;
import ttd.runtime.ReplayPosition;

/**
 * The session's part for the hooks that stand in for network natives (sockets, the epoll selector, name lookups), written
 * once for record and replay.
 *
 * <p>Each runs inside the agent-code bracket and leaves the decisions to {@link NetCalls}, {@link
 * SelectorEvents} and {@link SocketTransfers}. Every blocking call goes through the run's {@link Blocking}.
 * Threads the program did not start (JDK internals) get the real natives.
 */
final class Network {

  private final ProgramRun run;
  private final Exchange exchange;
  private final NetCalls calls;
  private final SocketTransfers transfers;

  /** {@code pipes}: told of each pipe the process makes (its read and write fds), for its reads and writes. */
  Network(ProgramRun run, Exchange exchange, BiConsumer<Integer, Integer> pipes) {
    this.run = run;
    this.exchange = exchange;
    this.calls = new NetCalls(new FdTable(), run.blocking(), pipes);
    this.transfers = new SocketTransfers(run.blocking());
  }

  Object onNet(RealNet real, int op, Object[] args) throws IOException {
    ThreadState t = run.enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.refused("use the network");
      }
      if (run.unfollowedInReplay(exchange.performsRealIo())) {
        UnfollowedThreads.net(op);
      }
      return real.call(op, args);
    }
    try {
      return calls.exchange(exchange, t, real, op, args);
    } finally {
      run.exit(t);
    }
  }

  long onSocket(RealNet real, int op, FileDescriptor fd, long address, int len)
      throws IOException {
    ThreadState t = run.enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.refused("use the network");
      }
      return real.transfer(op, fd, address, len);
    }
    try {
      return transfers.exchange(exchange, t, real, op, fd, address, len);
    } finally {
      run.exit(t);
    }
  }
}
