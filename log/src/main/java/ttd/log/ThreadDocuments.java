package ttd.log;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each thread's documents lie in a recording's queue, noted by the {@link RecordingScan}
 * that verifies it, and one reader over the queue that every replaying thread shares to read its
 * own documents there.
 *
 * <p>Each replaying thread used to read the whole queue through a Chronicle queue of its own, kept
 * open for the rest of the replay: two file descriptors and a mapping per thread begun, and the
 * log read once per thread. Ten thousand virtual threads (a native thread each under ttd) ran out
 * of the process's 20 000 descriptors, so threads found no events and the replay of a complete
 * recording stopped as if the recording ended there (status 87).
 */
public final class ThreadDocuments implements AutoCloseable {

  /** By thread ordinal: (Chronicle index, sequence number) of each block and order document. */
  private long[][] events = new long[8][];
  private int[] eventCount = new int[8];
  /** By thread ordinal: the same for each path chunk (recordings made with the path option). */
  private long[][] paths = new long[8][];
  private int[] pathCount = new int[8];
  private final Map<Integer, String> sites = new HashMap<>();
  private final Path queueDir;
  private TraceReader reader;

  ThreadDocuments(Path queueDir) {
    this.queueDir = queueDir;
  }

  /** Notes a verified document the scan read at Chronicle's {@code index}. */
  void add(TraceDocument d, long index) {
    switch (d.type()) {
      case TraceFormat.DOC_SITE:
        sites.putIfAbsent(d.intValue(), d.name());
        break;
      case TraceFormat.DOC_BLOCK:
        note(false, d.blockThread(), index, d.sequence());
        break;
      case TraceFormat.DOC_ORDER:
        note(false, d.orderThread(), index, d.sequence());
        break;
      case TraceFormat.DOC_PATH:
        note(true, d.pathThread(), index, d.sequence());
        break;
      default:
        break;
    }
  }

  private void note(boolean path, int ordinal, long index, long sequence) {
    if (ordinal < 0) {
      return;
    }
    if (ordinal >= events.length) {
      int size = Math.max(ordinal + 1, events.length * 2);
      events = Arrays.copyOf(events, size);
      eventCount = Arrays.copyOf(eventCount, size);
      paths = Arrays.copyOf(paths, size);
      pathCount = Arrays.copyOf(pathCount, size);
    }
    long[][] lists = path ? paths : events;
    int[] counts = path ? pathCount : eventCount;
    long[] list = lists[ordinal];
    int n = counts[ordinal];
    if (list == null) {
      list = lists[ordinal] = new long[4];
    } else if (2 * n + 2 > list.length) {
      list = lists[ordinal] = Arrays.copyOf(list, list.length * 2);
    }
    list[2 * n] = index;
    list[2 * n + 1] = sequence;
    counts[ordinal] = n + 1;
  }

  /** Every call site the recording names, by id. */
  public Map<Integer, String> sites() {
    return sites;
  }

  /** The {@code n}th block or order document of thread {@code ordinal}, or null past its last. */
  public TraceDocument event(int ordinal, int n) {
    return read(events, eventCount, ordinal, n);
  }

  /** The {@code n}th path chunk of thread {@code ordinal}, or null past its last. */
  public TraceDocument path(int ordinal, int n) {
    return read(paths, pathCount, ordinal, n);
  }

  private synchronized TraceDocument read(long[][] lists, int[] counts, int ordinal, int n) {
    if (ordinal < 0 || ordinal >= lists.length || n >= counts[ordinal]) {
      return null;
    }
    if (reader == null) {
      reader = new TraceReader(queueDir);
    }
    return reader.at(lists[ordinal][2 * n], lists[ordinal][2 * n + 1]);
  }

  @Override
  public synchronized void close() {
    if (reader != null) {
      reader.close();
      reader = null;
    }
  }
}
