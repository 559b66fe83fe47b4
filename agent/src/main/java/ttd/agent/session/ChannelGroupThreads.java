package ttd.agent.session;

import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Whether a thread being started belongs to an asynchronous channel group: its port's threads,
 * its pooled threads and its timer run the program's completion handlers, so they are the
 * program's threads even when the JDK makes them {@code InnocuousThread}s (the default group's
 * thread factory on JDK 25), which ttd otherwise takes for the JDK's own (process reaper,
 * cleaners, the bootstrap logger).
 *
 * <p>The group starts every one of them from its own code ({@code startInternalThread},
 * {@code executeOnPooledThread}, {@code schedule}), so the starting thread's stack tells.
 */
final class ChannelGroupThreads {

  private static final String GROUP = "sun.nio.ch.AsynchronousChannelGroupImpl";
  private static final Function<Stream<StackWalker.StackFrame>, Boolean> STARTED_BY_A_GROUP =
      frames -> frames.anyMatch(f -> f.getClassName().equals(GROUP));

  private ChannelGroupThreads() {}

  /** Whether the calling thread starts a thread on behalf of an asynchronous channel group. */
  static boolean starting() {
    return StackWalker.getInstance().walk(STARTED_BY_A_GROUP);
  }
}
