package ttd.agent.session;

import java.io.FileInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Replay's file descriptors for the program's sockets and selectors, and which recorded fd number
 * each stands for.
 *
 * <p>A replay opens no socket. Where the recording created one, replay gives the program a real
 * but harmless descriptor, {@code /dev/null} opened for reading (opening it has no effect), so the
 * JDK's own bookkeeping (non-blocking mode, close, the pre-close dup) works as usual. fd numbers
 * differ between record and replay (the JVMs open different files), so the table maps recorded
 * numbers to replay numbers: a selector's recorded events name recorded fds. A selector's wake-up
 * descriptor, and the ends of a pipe the process keeps to itself, are real in replay too (they
 * are local to the process), and marked as such. Replay never
 * closes a descriptor; the program closes its stand-ins as it closed its sockets.
 */
final class FdTable {

  private final Map<Integer, Integer> replayFd = new ConcurrentHashMap<>();
  private final Set<Integer> standIns = ConcurrentHashMap.newKeySet();
  private final Set<Integer> wakeups = ConcurrentHashMap.newKeySet();
  /** The streams behind the stand-ins, kept reachable so that no cleaner closes their fds. */
  private final Queue<FileInputStream> keep = new ConcurrentLinkedQueue<>();

  /** Opens a stand-in for the recorded fd and returns its number. */
  int standIn(int recordedFd) throws IOException {
    FileInputStream in = new FileInputStream("/dev/null");
    keep.add(in);
    int fd = ttd.agent.io.RealSunNio.fdVal(in.getFD());
    standIns.add(fd);
    wakeups.remove(fd);
    replayFd.put(recordedFd, fd);
    return fd;
  }

  /** Notes a real wake-up descriptor replay created for a recorded one. */
  void wakeup(int recordedFd, int fd) {
    standIns.remove(fd);
    wakeups.add(fd);
    replayFd.put(recordedFd, fd);
  }

  boolean isStandIn(int fd) {
    return standIns.contains(fd);
  }

  boolean isWakeup(int fd) {
    return wakeups.contains(fd);
  }

  /** The replay fd for a recorded one, or -1 if replay has not created it (yet). */
  int replayed(int recordedFd) {
    Integer fd = replayFd.get(recordedFd);
    return fd == null ? -1 : fd;
  }
}
