package ttd.agent.session;

import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Whether a thread being started does the program's I/O for it although the JDK makes it an
 * {@code InnocuousThread} or a thread of the root group, which ttd otherwise takes for the JDK's
 * own (cleaners, the bootstrap logger):
 *
 * <ul>
 *   <li>an asynchronous channel group's port threads, pooled threads and timer run the program's
 *       completion handlers (the default group's thread factory on JDK 25);
 *   <li>the poller of virtual threads' blocking I/O (JDK 21+, {@code sun.nio.ch.Poller}) waits for
 *       their sockets to be ready and unparks them: its wake-ups are the program's scheduling;
 *   <li>the process reaper ({@code ProcessHandleImpl}'s pool, a thread of the root group on JDK 17 and
 *       an {@code InnocuousThread} on 25), when the program's start of a child or its {@code
 *       onExit()} starts it: it waits for the child's end, sets the exit state the program's {@code
 *       waitFor} waits for, completes {@code onExit()}'s futures and runs their dependants, and
 *       after its task it polls its pool's queue (where it may initialise a class first);
 *   <li>a {@code WatchService}'s poller ({@code sun.nio.fs.AbstractPoller}, an {@code
 *       InnocuousThread} on JDK 25, a plain thread on 17) registers the program's directories and
 *       queues their events for the program's {@code take} ({@link FileWatches}).
 * </ul>
 *
 * <p>Each starts them from its own code ({@code startInternalThread}, {@code
 * executeOnPooledThread}, {@code schedule}; {@code Poller$Pollers.startPlatformThread}; {@code
 * AbstractPoller.start}; {@code ProcessHandleImpl.completion}), so the starting thread's stack tells.
 */
final class ProgramIoThreads {

  private static final Set<String> STARTERS =
      Set.of("sun.nio.ch.AsynchronousChannelGroupImpl", "sun.nio.ch.Poller$Pollers", "sun.nio.fs.AbstractPoller",
          "java.lang.ProcessHandleImpl");
  private static final Function<Stream<StackWalker.StackFrame>, Boolean> STARTED_BY_ONE =
      frames -> frames.anyMatch(f -> STARTERS.contains(f.getClassName()));

  private ProgramIoThreads() {}

  /** Whether the calling thread starts a thread that does the program's I/O (above). */
  static boolean starting() {
    return StackWalker.getInstance().walk(STARTED_BY_ONE);
  }
}
