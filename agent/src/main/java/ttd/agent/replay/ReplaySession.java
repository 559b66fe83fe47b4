package ttd.agent.replay;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import ttd.agent.identity.HashState;
import ttd.agent.instrument.CallSites;
import ttd.agent.io.NativeMemory;
import ttd.agent.schedule.Decision;
import ttd.agent.schedule.SchedThread;
import ttd.agent.schedule.SchedulePolicy;
import ttd.agent.session.Messages;
import ttd.agent.session.PayloadSink;
import ttd.agent.session.Session;
import ttd.agent.session.ThreadState;
import ttd.log.BlockDecoder;
import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/**
 * Replay: every hook consumes its thread's next recorded event, checks it and returns its value.
 *
 * <p>The check covers the event's kind and call site, and for outputs the bytes written. The first
 * mismatch stops the JVM with a {@link Divergence} report; a replay never silently produces a
 * different execution. Sleeps and timed waits return at once, so time spent waiting is not spent
 * again.
 */
public final class ReplaySession extends Session {

  /** How long a non-daemon thread past its last event waits for the JVM to exit. */
  private static final long OUTLIVE_MILLIS = 10_000;

  private final Path queueDir;
  private final long usableDocuments;
  private final Messages messages;
  private final RecordedTables tables = new RecordedTables();
  private final Map<String, Integer> loadedClasses = new ConcurrentHashMap<>();
  private volatile ThreadState mainThread;
  private volatile boolean threadsStarted;
  private volatile boolean finished;

  public ReplaySession(Path queueDir, long usableDocuments, Messages messages) {
    this.queueDir = queueDir;
    this.usableDocuments = usableDocuments;
    this.messages = messages;
    useScheduler(SchedulePolicy.fair()); // replay follows the log; the policy is never asked
    ReplayPosition.install(new EvaluationHashBracket());
  }

  /** Notes a class as the replay loads it, to compare with the recording in a report. */
  public void classLoaded(String name, int checksum) {
    loadedClasses.put(name, checksum);
  }

  @Override
  protected ThreadState newThreadState(int ordinal, String name, boolean main) {
    return new ThreadState(ordinal, name, main, null);
  }

  @Override
  protected void beginThread(ThreadState t) {
    if (t.ordinal() == 0) {
      mainThread = t;
    } else {
      threadsStarted = true;
    }
    t.attach(new ThreadCursor(queueDir, usableDocuments, t.ordinal(), tables));
    BlockDecoder e = next(t, EventKind.THREAD_BEGIN, 0);
    int[] state = HashState.fromBytes(e.bytes());
    if (state != null && HashState.available()) {
      HashState.write(state);
    }
  }

  private BlockDecoder next(ThreadState t, EventKind kind, int site) {
    ThreadCursor cursor = t.cursor();
    boolean bracket = HashState.available() && cursor.needsRead();
    if (bracket) {
      HashState.save(t.loadHash());
    }
    boolean found = cursor.advance();
    if (bracket) {
      HashState.write(t.loadHash());
    }
    if (!found) {
      endOfLog(t, kind, site, cursor);
    }
    BlockDecoder e = cursor.event();
    if (e.kind() == EventKind.UNCAPTURED_INPUT && kind == EventKind.UNCAPTURED_INPUT) {
      stop(
          Divergence.EXIT_DIVERGED,
          new Divergence(
                  "replay stops at event #"
                      + t.index()
                      + " of thread \""
                      + t.name()
                      + "\": here the recorded program "
                      + e.text()
                      + ", an input ttd does not capture yet, so replay cannot go on faithfully")
              .stack(Thread.currentThread()));
    }
    if (e.kind() != kind || !sameSite(site, e.site())) {
      diverge(
          t,
          describe(e.kind(), tables.site(e.site())) + (e.kind() == EventKind.UNCAPTURED_INPUT ? " (" + e.text() + ")" : ""),
          describe(kind, site == 0 ? null : CallSites.name(site)));
    }
    t.counted();
    if (t.sched() != null) {
      t.sched().switchAt = 0; // the thread's next scheduling event may now be the next event
    }
    ReplayPosition.consumed();
    return e;
  }

  private boolean sameSite(int mine, int recorded) {
    if (mine == 0 && recorded == 0) {
      return true;
    }
    return Objects.equals(CallSites.name(mine), tables.site(recorded));
  }

  private static String describe(EventKind kind, String site) {
    return kind.description() + (site == null ? "" : " at " + site);
  }

  private void endOfLog(ThreadState t, EventKind kind, int site, ThreadCursor cursor) {
    String did = describe(kind, site == 0 ? null : CallSites.name(site));
    if (cursor.recordingComplete()) {
      if (t.ordinal() != 0) {
        if (t.sched() != null) {
          t.sched().pastItsRecording = true;
        }
        outlived();
      }
      diverge(t, "no further event (the recorded thread did nothing more)", did);
    }
    stop(
        Divergence.EXIT_RECORDING_ENDS,
        new Divergence(
            "the recording ends here, after event #"
                + t.index()
                + " of thread \""
                + t.name()
                + "\": the recorded process stopped (killed or crashed) before the program "
                + "went on to "
                + did
                + "; everything before this point replayed as recorded"));
  }

  /**
   * A thread other than main past its last recorded event: in the recording the JVM exited while
   * it still ran or was blocked (an idle timer, a selector loop, a server's accept), so it never got
   * further. Replay's waits return at once, so it gets here early; it stays here until the JVM
   * exits, as it did then. A daemon waits for good; any other thread keeps the JVM alive, so it
   * waits {@link #OUTLIVE_MILLIS} and then reports the divergence rather than hang the replay.
   */
  private static void outlived() {
    long deadline = System.nanoTime() + OUTLIVE_MILLIS * 1_000_000L;
    boolean daemon = Thread.currentThread().isDaemon();
    while (daemon || System.nanoTime() < deadline) {
      java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
    }
  }

  private void diverge(ThreadState t, String expected, String actual) {
    stop(
        Divergence.EXIT_DIVERGED,
        new Divergence(
                "replay diverged from the recording at event #"
                    + t.index()
                    + " of thread \""
                    + t.name()
                    + "\" (thread #"
                    + t.ordinal()
                    + ")")
            .line("the log expected", expected)
            .line("the program did", actual)
            .line("likely cause", Divergence.likelyCause(queueDir, loadedClasses, threadsStarted))
            .stack(Thread.currentThread()));
  }

  private void stop(int status, Divergence report) {
    active = false;
    messages.say(report.text());
    Runtime.getRuntime().halt(status);
  }

  @Override
  protected long exchangeLong(ThreadState t, EventKind kind, int site, long original) {
    BlockDecoder e = next(t, kind, site);
    if ((kind == EventKind.THREAD_START || kind == EventKind.EXIT) && e.longValue() != original) {
      diverge(t, describe(kind, null) + " with " + e.longValue(), describe(kind, null) + " with " + original);
    }
    return e.longValue();
  }

  @Override
  protected String exchangeString(ThreadState t, EventKind kind, int site, String original) {
    BlockDecoder e = next(t, kind, site);
    if (kind == EventKind.UNCAUGHT_EXCEPTION && !Objects.equals(e.text(), original)) {
      diverge(t, "an uncaught " + e.text(), "an uncaught " + original);
    }
    return e.text();
  }

  @Override
  protected String exchangePair(ThreadState t, EventKind kind, String key, String original) {
    BlockDecoder e = next(t, kind, 0);
    if (!Objects.equals(e.text(), key)) {
      diverge(t, kind.description() + " for \"" + e.text() + "\"",
          kind.description() + " for \"" + key + "\"");
    }
    return e.text2();
  }

  @Override
  protected int exchangeRead(ThreadState t, int result, byte[] b, int off, int len) {
    BlockDecoder e = next(t, EventKind.FILE_READ, 0);
    int recorded = recordedRead(t, e, len);
    for (int done = 0; ; ) {
      int n = e.bytesLength();
      e.copyBytes(0, b, off + done, n);
      done += n;
      if (done >= recorded) {
        return recorded;
      }
      e = nextChunk(t, done, recorded);
    }
  }

  @Override
  protected int exchangeNativeRead(ThreadState t, int result, long address, int len, int iovcnt) {
    BlockDecoder e = next(t, EventKind.FILE_READ, 0);
    int recorded = recordedRead(t, e, iovcnt > 0 ? NativeMemory.iovecLength(address, iovcnt) : len);
    for (int done = 0; ; ) {
      int n = e.bytesLength();
      NativeMemory.copy(address, iovcnt, done, e.block(), e.bytesOffset(), n, true);
      done += n;
      if (done >= recorded) {
        return recorded;
      }
      e = nextChunk(t, done, recorded);
    }
  }

  /** The result of the read {@code e} logged (stored as result + 2; 0 for a failed read). */
  private int recordedRead(ThreadState t, BlockDecoder e, long room) {
    int recorded = e.longValue() == 0 ? Integer.MIN_VALUE : (int) (e.longValue() - 2);
    if (recorded > room || e.bytesLength() > Math.max(recorded, 0)) {
      diverge(t, "a read of " + recorded + " bytes", "a read into room for " + room + " bytes");
    }
    return recorded;
  }

  /** The next chunk of a large read, of which {@code done} of {@code recorded} bytes are in. */
  private BlockDecoder nextChunk(ThreadState t, int done, int recorded) {
    BlockDecoder e = next(t, EventKind.PAYLOAD_MORE, 0);
    if (done + e.bytesLength() > recorded) {
      diverge(t, "more bytes than the read returned", "a read of " + recorded + " bytes");
    }
    return e;
  }

  @Override
  protected long exchangeData(
      ThreadState t, EventKind kind, long value, byte[] b, int off, int len, PayloadSink sink) {
    BlockDecoder e = next(t, kind, 0);
    long recorded = e.longValue();
    byte[] data = e.bytes();
    for (int at = 0; sink != null && sink.chunk(recorded, data, at); ) {
      at += data.length;
      data = next(t, EventKind.PAYLOAD_MORE, 0).bytes();
    }
    return recorded;
  }

  @Override
  protected void mismatch(ThreadState t, String expected, String actual) {
    diverge(t, expected, actual);
  }

  @Override
  protected boolean performsRealIo() {
    return false;
  }

  @Override
  protected Map<String, String> exchangeEnvAll(ThreadState t, Map<String, String> original) {
    return next(t, EventKind.ENV_ALL, 0).map();
  }

  @Override
  protected byte[] exchangeBytes(ThreadState t, EventKind kind, byte[] produced) {
    byte[] recorded = next(t, kind, 0).bytes();
    if (recorded.length != produced.length) {
      diverge(
          t,
          kind.description() + " of " + recorded.length + " bytes",
          kind.description() + " of " + produced.length + " bytes");
    }
    System.arraycopy(recorded, 0, produced, 0, recorded.length);
    return produced;
  }

  @Override
  protected void exchangeOutput(
      ThreadState t, EventKind kind, long ordinal, byte[] b, int off, int len) {
    BlockDecoder e = next(t, kind, 0);
    if (e.longValue() != ordinal) {
      diverge(t, kind.description() + " as output #" + e.longValue(),
          "the same write as output #" + ordinal + " (outputs of threads came in another order)");
    }
    // a large write was recorded in chunks: compare chunk by chunk
    for (int done = 0; ; ) {
      byte[] recorded = e.bytes();
      int end = Math.min(len, done + EventKind.MAX_PAYLOAD);
      byte[] mine = Arrays.copyOfRange(b, off + done, off + end);
      if (!Arrays.equals(recorded, mine)) {
        diverge(t, kind.description() + " of " + Divergence.show(recorded),
            kind.description() + " of " + Divergence.show(mine));
      }
      done = end;
      if (done >= len) {
        return;
      }
      e = next(t, EventKind.PAYLOAD_MORE, 0);
    }
  }

  @Override
  protected void warn(String message) {}

  @Override
  protected boolean performsWaits(long millis, int nanos) {
    return false;
  }

  @Override
  protected void endThread(ThreadState t) {}

  @Override
  protected void halting(ThreadState t, int status) {
    finish();
  }

  @Override
  public void onMainArgs(String[] args) {}

  // The scheduler reads its decisions from the deciding thread's own log.

  @Override
  public boolean replaying() {
    return true;
  }

  @Override
  public void write(SchedThread s, EventKind kind, int thread, long value) {}

  @Override
  public boolean peek(SchedThread s, Decision into) {
    ThreadState t = (ThreadState) s.owner;
    ThreadCursor cursor = t.cursor();
    boolean bracket = HashState.available() && cursor.needsRead();
    if (bracket) {
      HashState.save(t.loadHash());
    }
    boolean more = cursor.hasMore();
    if (bracket) {
      HashState.write(t.loadHash());
    }
    if (!more) {
      return false;
    }
    BlockDecoder e = cursor.event();
    EventKind k = e.kind();
    if (k != EventKind.SCHED_SWITCH && k != EventKind.SCHED_ADMIT && k != EventKind.SCHED_RESUME) {
      return false;
    }
    into.set(k, e.site(), e.longValue());
    return true;
  }

  @Override
  public void consume(SchedThread s) {
    ThreadState t = (ThreadState) s.owner;
    t.cursor().advance();
    t.counted();
  }

  @Override
  public void diverged(SchedThread s, String expected, String actual) {
    ThreadState t = (ThreadState) s.owner;
    if (!t.cursor().hasMore()) {
      endOfLog(t, EventKind.SCHED_SWITCH, 0, t.cursor()); // a killed recording ends before a decision
    }
    diverge(t, expected, actual);
  }

  @Override
  public void deadlocked(SchedThread s, String report) {
    ThreadState t = (ThreadState) s.owner;
    exchangeLong(t, EventKind.EXIT, 0, EXIT_DEADLOCK);
    exitStatus = EXIT_DEADLOCK;
    messages.say(report + "\nthe program cannot go on; it ends here with status " + EXIT_DEADLOCK);
    finish();
    Runtime.getRuntime().halt(EXIT_DEADLOCK);
  }

  @Override
  public void stuck(SchedThread watcher, String report) {
    boolean ends = tables.endStatus() == null;
    stop(
        ends ? Divergence.EXIT_RECORDING_ENDS : Divergence.EXIT_DIVERGED,
        new Divergence(
            report + (ends
                ? "\nthe recording stopped at this point too; everything before it replayed as recorded"
                : "\nreplay diverged: the recorded run went on from here")));
  }

  @Override
  protected void virtualThreadsStarted() {
    scheduler.disable(); // the recording stopped here too: replay runs to its end
  }

  /** At JVM exit: the program must have ended where and as the recording did. */
  public void finish() {
    if (finished || !active) {
      return;
    }
    finished = true;
    asAgent(
        () -> {
          ThreadState main = mainThread;
          ThreadCursor cursor = main == null ? null : main.cursor();
          if (cursor != null && cursor.hasMore()) {
            BlockDecoder e = cursor.event();
            diverge(
                main,
                describe(e.kind(), tables.site(e.site())),
                "the program ended (exit status " + endStatus() + ")");
          }
          Integer recorded = tables.endStatus();
          if (recorded != null && recorded != endStatus()) {
            stop(
                Divergence.EXIT_DIVERGED,
                new Divergence(
                    "replay diverged at the end: the recorded program exited with status "
                        + recorded
                        + ", the replayed one with "
                        + endStatus()));
          }
          if (recorded == null) {
            stop(
                Divergence.EXIT_RECORDING_ENDS,
                new Divergence(
                    "the recording ends here: the recorded process stopped (killed or crashed)"
                        + " before it finished; everything before this point replayed as recorded"));
          }
        });
  }
}
