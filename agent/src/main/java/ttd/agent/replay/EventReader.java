package ttd.agent.replay;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import ttd.agent.identity.HashState;
import ttd.agent.instrument.CallSites;
import ttd.agent.path.PathChecker;
import ttd.agent.path.PathSplit;
import ttd.agent.session.Messages;
import ttd.agent.session.ThreadState;
import ttd.log.BlockDecoder;
import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/**
 * A replayed thread's next recorded event, checked against what the program does: the one place a
 * replay finds out it diverged, and stops the JVM with a {@link Divergence} report that says where,
 * what the log expected, what the program did and the likely cause.
 */
final class EventReader {

  /** How long a non-daemon thread past its last event waits for the JVM to exit. */
  private static final long OUTLIVE_MILLIS = 10_000;

  private final Path queueDir;
  private final Messages messages;
  private final ReplaySession session;
  private final RecordedTables tables;
  private final Map<String, Integer> loadedClasses = new ConcurrentHashMap<>();
  private volatile boolean threadsStarted;

  /** {@code session}'s hooks are turned off before a report halts the JVM. */
  EventReader(Path queueDir, RecordedTables tables, Messages messages, ReplaySession session) {
    this.queueDir = queueDir;
    this.tables = tables;
    this.messages = messages;
    this.session = session;
  }

  /** Notes a class as the replay loads it, to compare with the recording in a report. */
  void classLoaded(String name, int checksum) {
    loadedClasses.put(name, checksum);
  }

  /** Notes that a thread other than main began: a report then names thread order as a cause. */
  void threadStarted() {
    threadsStarted = true;
  }

  /** The thread's next event, which must be of {@code kind} at {@code site}. */
  BlockDecoder next(ThreadState t, EventKind kind, int site) {
    if (t.path != null) {
      t.path.event(); // the recorded path must come to an event here too
    }
    ThreadCursor cursor = ThreadCursor.of(t);
    if (!readAhead(t, true)) {
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
    long index = t.index();
    t.counted();
    if (t.sched() != null) {
      t.sched().switchAt = 0; // the thread's next scheduling event may now be the next event
    }
    long before = ReplayPosition.events;
    if (kind != EventKind.THREAD_BEGIN || t.ordinal() == 0) {
      // a started thread reads its first event when the JVM runs it, which may be before or after
      // the baton is handed to it: counted or not by timing, it would shift every later position
      ReplayPosition.consumed();
    }
    session.consumedEvent();
    if (CHECK_ORDER) {
      checkOrder(t, index, before);
    }
    return e;
  }

  /**
   * Whether each consumed event is checked against the global order the recording holds (the
   * environment variable {@code TTD_CHECK_ORDER=1}; tests; a system property would not do, as the
   * replay sets the recorded ones): the replay's count of {@code ReplayPosition.events} must give
   * every event the number the recorder gave it, or the debugger's positions would not be the
   * recording's.
   */
  static final boolean CHECK_ORDER = "1".equals(System.getenv("TTD_CHECK_ORDER"));

  private void checkOrder(ThreadState t, long index, long before) {
    long recorded = ThreadCursor.of(t).globalOf(index);
    if (recorded == -2) {
      return;
    }
    long counted = ReplayPosition.events == before ? -1 : before;
    if (counted != recorded) {
      stop(Divergence.EXIT_DIVERGED, new Divergence(
              "the replay numbers event #" + index + " of thread \"" + t.name() + "\" "
                  + (counted < 0 ? "outside the global order" : "as event " + counted)
                  + ", the recording " + (recorded < 0 ? "outside the global order" : "as event " + recorded))
          .stack(Thread.currentThread()));
    }
  }

  /**
   * Moves the thread's cursor to its next event ({@code advance}) or only makes sure it is read
   * ({@code hasMore}). Reading the queue is agent work on the program's thread: the hash state is
   * kept aside around it. Whether there is such an event.
   */
  boolean readAhead(ThreadState t, boolean advance) {
    ThreadCursor cursor = ThreadCursor.of(t);
    boolean bracket = HashState.available() && cursor.needsRead();
    if (bracket) {
      HashState.save(t.blockHash());
    }
    boolean found;
    try {
      found = advance ? cursor.advance() : cursor.hasMore();
    } catch (RuntimeException | LinkageError e) {
      unreadable(t, e);
      return false;
    }
    if (bracket) {
      HashState.write(t.blockHash());
    }
    return found;
  }

  /**
   * ttd could not read the log for {@code t} (the shared reader failed at one of its documents):
   * the replay stops with one report instead of handing ttd's exception to the program, whose
   * thread would then never take its turn.
   */
  private void unreadable(ThreadState t, Throwable e) {
    stop(Divergence.EXIT_UNUSABLE, unreadableReport(t.name(), t.ordinal(), t.index(), e));
  }

  static Divergence unreadableReport(String thread, int ordinal, long index, Throwable e) {
    StackTraceElement[] at = e.getStackTrace();
    return new Divergence(
            "the replay could not read the recording for thread \""
                + thread
                + "\" (thread #"
                + ordinal
                + ") at its event #"
                + index
                + ", so it stops there; `java -jar ttd.jar info <recording>` checks the recording")
        .line("cause", e + (at.length > 0 ? " at " + at[0] : ""));
  }

  private boolean sameSite(int mine, int recorded) {
    if (mine == 0 && recorded == 0) {
      return true;
    }
    return Objects.equals(CallSites.name(mine), tables.site(recorded));
  }

  static String describe(EventKind kind, String site) {
    return kind.description() + (site == null ? "" : " at " + site);
  }

  void endOfLog(ThreadState t, EventKind kind, int site, ThreadCursor cursor) {
    String did = describe(kind, site == 0 ? null : CallSites.name(site));
    if (cursor.recordingComplete()) {
      RecordedSignal signal = session.recordedSignal();
      if (signal != null) {
        if (t.sched() != null) {
          t.sched().pastItsRecording = true;
        }
        signal.stopHere(t.name()); // the signal's end caught the thread here
      }
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

  void diverge(ThreadState t, String expected, String actual) {
    stop(
        Divergence.EXIT_DIVERGED,
        new Divergence(
                "replay diverged from the recording after event "
                    + (ReplayPosition.events - 1)
                    + " (the numbering of ttd events and ttd debug), at event #"
                    + t.index()
                    + " of thread \""
                    + t.name()
                    + "\" (thread #"
                    + t.ordinal()
                    + ")")
            .line("the log expected", expected)
            .line("the program did", actual)
            .line("likely cause", likelyCause())
            .line(pathChecked(t), "the recorded path was followed up to this event: the difference is in the event itself")
            .stack(Thread.currentThread()));
  }

  private String likelyCause() {
    RecordedSignal signal = session.recordedSignal();
    if (signal != null && signal.delivered()) {
      return "the recorded program got " + signal.name() + " here; its shutdown hooks ran beside it,"
          + " which ttd does not record yet, and changed what it did differently in the recording";
    }
    String cause = Divergence.likelyCause(queueDir, loadedClasses, threadsStarted);
    if (!session.redacted().isEmpty()) {
      return "the recording left out the values of " + session.redacted().replace(",", ", ")
          + " (redacted: the replay sees " + ttd.agent.session.Redaction.MASK + "), and a program"
          + " that uses such a value diverges there; else " + cause;
    }
    return cause;
  }

  /** "path" if the thread's path is checked and agreed so far, else null (no such line). */
  private static String pathChecked(ThreadState t) {
    return t.path != null && ((PathChecker) t.path).checking() ? "path" : null;
  }

  /** The divergence finder's report: the replay left the recorded path (see {@link PathChecker}). */
  void leftPath(ThreadState t, PathSplit split) {
    String position = (ReplayPosition.events - 1) + "." + ReplayPosition.tick(); // as `when` prints it
    Divergence d =
        new Divergence(
            "replay left the recorded path in thread \""
                + t.name()
                + "\" (thread #"
                + t.ordinal()
                + ") before its event #"
                + t.index()
                + ", at position "
                + position
                + " (`goto "
                + position
                + "` in ttd debug stops at the last tick before it)");
    List<StackTraceElement> frames = Divergence.programFrames(Thread.currentThread());
    int where = split.replayEntered() ? 1 : 0;
    d.line("where", frames.size() > where ? frames.get(where).toString() : "(no frame)");
    String next = split.recordingAtEvent() ? ": " + nextEvent(t) : "";
    d.line("the recording", split.recordingDid() + next);
    d.line("the replay", split.replayDid());
    d.line("recorded steps before", split.before().isEmpty() ? "(none)" : String.join(", ", split.before()));
    d.line("the recording went on", split.after().isEmpty() ? "(nothing more in this chunk)" : String.join(", ", split.after()));
    d.frames("recorded stack (from the path log)", split.recordedStack());
    d.stack(Thread.currentThread());
    d.line("likely cause", Divergence.likelyCause(queueDir, loadedClasses, threadsStarted));
    stop(Divergence.EXIT_DIVERGED, d);
  }

  /** The thread's next recorded event, as a report names it. */
  String nextEvent(ThreadState t) {
    if (!readAhead(t, false)) {
      return "(the thread's log holds no further event)";
    }
    BlockDecoder e = ThreadCursor.of(t).event();
    return describe(e.kind(), tables.site(e.site()));
  }

  void stop(int status, Divergence report) {
    session.deactivate();
    messages.say(report.text());
    Runtime.getRuntime().halt(status);
  }
}
