package ttd.log;

import java.util.Properties;
import java.util.function.Supplier;
import net.openhft.chronicle.core.shutdown.PriorityHook;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.rollcycles.LargeRollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * Opens Chronicle Queues the way a recorder living inside someone else's JVM must.
 *
 * <p>Chronicle reads switches from system properties when its classes initialise: without them it
 * prints to stdout, starts threads, phones home and loads {@code ./system.properties} into the
 * application's properties. The switches live in a copy of the properties that stands in for the
 * application's only while a queue is built: the application never sees them, and its own table
 * is not touched (setting and clearing them there made it grow at other moments in record and
 * replay, and so iterate in another order).
 */
public final class ChronicleSettings {

  /**
   * How long opening a queue waits for Chronicle's lock on its table store: long enough that a
   * loaded machine does not fail a healthy recording, short enough to report a locked one.
   */
  private static final String TIMEOUT_MS = "10000";

  private static final String[][] QUIET = {
    {"chronicle.analytics.disable", "true"},
    {"chronicle.announcer.disable", "true"},
    {"chronicle.disk.monitor.disable", "true"},
    {"background.releaser", "false"},
    {"system.properties", "ttd-no-such-file.properties"},
    {"chronicle.table.store.timeoutMS", TIMEOUT_MS},
    {"disable.single.threaded.check", "true"},
    // Chronicle Core's OS class looks for a build directory when it initialises: a target/ or
    // build/ in user.dir or above it, else it makes java.io.tmpdir/target, the program's
    // temporary directory, in record and replay alike. ttd uses no path below it.
    {"project.build.directory", "ttd-no-such-dir"},
  };

  /**
   * Chronicle maps its file a block at a time. Every new block is an mmap, a file resize and
   * mapping code that runs too rarely to be compiled; a recording that reads 200 MB spent about 15%
   * less CPU on its reading thread with 16 MiB blocks than with 4 MiB ones (64 MiB was worse
   * again). Files are sparse, so a short recording does not take more disk.
   */
  private static final int BLOCK_SIZE = 16 << 20;

  private ChronicleSettings() {}

  public static ChronicleQueue openForWrite(java.nio.file.Path dir) {
    return quietly(
        () ->
            SingleChronicleQueueBuilder.binary(dir)
                .blockSize(BLOCK_SIZE)
                .rollCycle(LargeRollCycles.LARGE_DAILY)
                .build());
  }

  public static ChronicleQueue openForRead(java.nio.file.Path dir) {
    return quietly(
        () ->
            SingleChronicleQueueBuilder.binary(dir)
                .blockSize(BLOCK_SIZE)
                .rollCycle(LargeRollCycles.LARGE_DAILY)
                .readOnly(true)
                .timeoutMS(Long.parseLong(TIMEOUT_MS))
                .build());
  }

  /**
   * Initialises Chronicle's classes, quietly, without opening a queue. Chronicle Wire registers its
   * class aliases when it initialises ({@code WireInternal}: {@code UUID}, {@code java.time}'s
   * types), keyed by class in hash maps, so it gives those JDK classes their identity hashes;
   * record (an appender) and replay (tailers) first reach it at different points of their
   * start-ups, so ttd calls this at one fixed point of both.
   */
  public static void initialise() {
    quietly(
        () -> {
          try {
            for (String jdkClass : INITIALISED_AT_MODE_SPECIFIC_POINTS) {
              Class.forName(jdkClass, true, null);
            }
            return Class.forName(
                "net.openhft.chronicle.wire.WireInternal", true, ChronicleSettings.class.getClassLoader());
          } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Chronicle Wire is missing from ttd.jar", e);
          }
        });
  }

  /**
   * JDK classes Chronicle initialises (which hashes them) at different points when appending and
   * when tailing: {@code AtomicBoolean} in its string interners (an appender) or its pausers (a
   * tailer).
   */
  private static final String[] INITIALISED_AT_MODE_SPECIFIC_POINTS = {
    "java.util.concurrent.atomic.AtomicBoolean",
  };

  /**
   * JDK 24+ prints four lines on stderr the first time anything uses {@code sun.misc.Unsafe}'s
   * memory access, which Chronicle does. The JDK keeps one flag for the whole JVM, so setting it
   * also silences the program's own first warning; the JDK's own switch for it ({@code
   * --sun-misc-unsafe-memory-access=allow}) would do the same. Older JDKs have no such field.
   */
  private static void silenceUnsafeWarning() {
    try {
      java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("memoryAccessWarned");
      f.setAccessible(true);
      f.setBoolean(null, true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // JDK 23 or older: no warning to silence
    }
  }

  /**
   * Chronicle registers a JVM shutdown hook of its own when its classes initialise (a thread that
   * stops the background releaser, which ttd turns off). Among the program's shutdown hooks it
   * would be started, joined and ordered with them by the thread running the shutdown: where it
   * falls among them depends on its identity hash, drawn inside the agent and so not the same in
   * record and replay. Nothing of it is needed: ttd ends its queue itself after the program's hooks.
   */
  private static void leaveShutdownHooks() {
    try {
      PriorityHook.clear();
    } catch (IllegalStateException e) {
      // the JVM is shutting down already (a replay opens a thread's cursor then): the hook stays
    }
  }

  /**
   * Runs {@code action} with Chronicle's quiet switches set, then puts the program's properties
   * back. One thread at a time: two threads swapping the properties would leave the switches
   * set in the program, and Chronicle's file lock on a queue's {@code metadata.cq4t} is held through
   * the JVM, so two threads of one JVM opening the same queue wait on each other until the
   * table-store timeout (measured: 7 of 240 read-only opens by 8 threads at once failed with
   * "Unable to claim exclusive shared lock" at load 36, and so did a replay in the e2e suite).
   */
  public static <T> T quietly(Supplier<T> action) {
    synchronized (OPENING) {
      return quietlyAlone(action);
    }
  }

  private static final Object OPENING = new Object();

  private static <T> T quietlyAlone(Supplier<T> action) {
    silenceUnsafeWarning();
    Properties program = System.getProperties();
    Properties quiet = new Properties();
    quiet.putAll(program);
    for (String[] kv : QUIET) {
      quiet.setProperty(kv[0], kv[1]);
    }
    System.setProperties(quiet);
    try {
      return action.get();
    } finally {
      leaveShutdownHooks();
      System.setProperties(program);
    }
  }
}
