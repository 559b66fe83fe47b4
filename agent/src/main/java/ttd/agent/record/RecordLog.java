package ttd.agent.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import ttd.agent.instrument.CallSites;
import ttd.log.BlockEncoder;
import ttd.log.OwnerOnly;
import ttd.log.ProgramInterrupt;
import ttd.log.RecordingMetadata;
import ttd.log.TraceFormat;
import ttd.log.TraceWriter;

/**
 * The writing side of a recording: threads' blocks, the site and class tables they refer to, the
 * free-space check, the end document and the header.
 *
 * <p>Every writing method sets the program's interrupt aside meanwhile ({@link ProgramInterrupt}):
 * it runs on the program's threads. Every append holds the writer's lock, which gives the queue
 * its order. A failure is thrown to the caller, which stops recording (see {@link
 * RecordSession}); nothing here decides that.
 */
final class RecordLog {

  /** The start of the end cause of a program that a signal ended, then the signal's name. */
  static final String SIGNAL = "signal ";

  /** Recording stops cleanly below this much free disk, before the mapped file faults. */
  private static final long MIN_FREE_BYTES = 16L << 20;
  /** Free space is checked on the first flush and then every this many flushes (2 MiB of log). */
  private static final int SPACE_CHECK_EVERY = 64;

  private final Path dir;
  private final TraceWriter writer;
  private final RecordingMetadata metadata;
  private final ConcurrentLinkedQueue<Object[]> pendingClasses = new ConcurrentLinkedQueue<>();
  /** Found once: looking a path's store up reads the mount table. */
  private java.nio.file.FileStore store;
  private int sitesWritten;
  private int flushes;

  RecordLog(Path dir, TraceWriter writer, RecordingMetadata metadata) {
    this.dir = dir;
    this.writer = writer;
    this.metadata = metadata;
  }

  void thread(int ordinal, String name) {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      synchronized (writer) {
        writer.appendThread(ordinal, name);
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /**
   * Writes the encoder's events (if any) with the tables they need, after a free-space check, and
   * before them where they lie in the global order (so that a replay reads that first).
   */
  void block(int ordinal, BlockEncoder events, OrderRuns order) throws IOException {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      synchronized (writer) {
        if (flushes++ % SPACE_CHECK_EVERY == 0) {
          checkFreeSpace();
        }
        drainTables();
        if (events.count() > 0) {
          if (order.count() > 0) {
            writer.appendOrder(ordinal, order.runs(), order.count());
            order.written();
          }
          writer.appendBlock(ordinal, events.firstIndex(), events.count(), events.buffer(), events.size());
        }
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /** Writes a chunk of a thread's path (recordings made with the {@code path} option). */
  void path(int ordinal, byte[] records, int length) {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      synchronized (writer) {
        writer.appendPath(ordinal, records, length);
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  void classLoaded(String name, int checksum) {
    pendingClasses.add(new Object[] {name, checksum});
  }

  void mainArgs(List<String> args) throws IOException {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      metadata.putList("main.args", args);
      metadata.store(dir);
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /** Notes in the header which ordinal the thread that began the shutdown from outside got. */
  void shutdownThread(int ordinal) throws IOException {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      synchronized (metadata) {
        metadata.put(RecordingMetadata.SHUTDOWN_THREAD, Integer.toString(ordinal));
        metadata.store(dir);
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /** The end document and the final header; the recording is complete. */
  void end(int status, String cause) throws IOException {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      synchronized (writer) {
        drainTables();
        writer.appendEnd(status, cause);
        writer.close();
      }
      metadata.put("status", RecordingMetadata.STATUS_COMPLETE);
      metadata.put("exit.status", Integer.toString(status));
      metadata.put("end.cause", cause.startsWith(SIGNAL) ? "signal" : cause);
      metadata.put("end.signal", cause.startsWith(SIGNAL) ? cause.substring(SIGNAL.length()) : null);
      metadata.store(dir);
      Path queue = dir.resolve(TraceFormat.QUEUE_DIR);
      try (Stream<Path> files = Files.list(queue)) {
        for (Path p : files.collect(Collectors.toList())) {
          OwnerOnly.restrictFile(p);
        }
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /**
   * The JVM got a signal that ends the program: noted in the header at once, so that a recording
   * whose process is then killed (a shutdown hook that hangs) still says what happened.
   */
  void signalled(String name, String at) {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      try {
        metadata.put("signal", name);
        metadata.put(TraceFormat.SIGNAL_AT, at);
        metadata.store(dir);
      } catch (Throwable ignored) {
        // the end document says it too, if the recording gets there
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /**
   * The {@code n}th agent another process had the JVM load (from 0): its class, options (null for
   * none), each thread's count of logged events once its {@code agentmain} returned, whether the
   * JDK warned about it, its jar's path and a copy of its jar in the recording's directory, which a
   * replay loads it from if the jar is gone or changed. Nothing more is made here:
   * this runs in the recorded JVM, beside the program, and a jar written with the JDK's own classes
   * would set up JDK state (the default time zone) the program would then find made.
   */
  void agentAttached(int n, String agentClass, String options, Path jar, String at, boolean warned)
      throws java.io.IOException {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      Path copies = dir.resolve(TraceFormat.ATTACHED_AGENTS_DIR);
      if (!Files.isDirectory(copies)) {
        OwnerOnly.createDirectory(copies);
      }
      OwnerOnly.write(copies.resolve(n + ".jar"), Files.readAllBytes(jar));
      synchronized (metadata) {
        String key = TraceFormat.ATTACHED_AGENT + n;
        metadata.put(key + ".class", agentClass);
        metadata.put(key + ".options", options);
        metadata.put(key + ".at", at);
        metadata.put(key + ".jar", jar.toAbsolutePath().toString());
        metadata.put(key + ".warned", Boolean.toString(warned));
        metadata.put(TraceFormat.ATTACHED_AGENTS, Integer.toString(n + 1));
        metadata.store(dir);
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /** The names of the environment variables whose values the log holds only as the mask. */
  void redactedEnv(java.util.Set<String> names) throws java.io.IOException {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      metadata.put("redacted.env", String.join(",", names));
      metadata.store(dir);
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /**
   * Marks the header refused ({@link RecordingMetadata#REFUSED}): the program does what ttd cannot
   * record, so no replay may run any of it. Incomplete too, for a ttd that predates the mark.
   */
  void refused(String why) {
    metadata.put(RecordingMetadata.REFUSED, why);
    failed(new IllegalStateException(why));
  }

  /** Marks the header incomplete, if the disk still lets it. */
  void failed(Throwable e) {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      try {
        metadata.put("status", RecordingMetadata.STATUS_INCOMPLETE);
        metadata.put("failure", String.valueOf(e));
        metadata.store(dir);
      } catch (Throwable ignored) {
        // the header stays "recording", which replay also treats as incomplete
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  private void checkFreeSpace() throws IOException {
    if (store == null) {
      store = Files.getFileStore(dir);
    }
    long free = store.getUsableSpace();
    if (free < MIN_FREE_BYTES) {
      throw new IOException("the disk holding " + dir + " is nearly full: " + (free >> 10) + " KiB left");
    }
  }

  private void drainTables() {
    int[] sites = CallSites.inOrder();
    for (; sitesWritten < sites.length; sitesWritten++) {
      writer.appendSite(sites[sitesWritten], CallSites.name(sites[sitesWritten]));
    }
    Object[] c;
    while ((c = pendingClasses.poll()) != null) {
      writer.appendClass((String) c[0], (Integer) c[1]);
    }
  }
}
