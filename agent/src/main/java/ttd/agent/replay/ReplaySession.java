package ttd.agent.replay;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import ttd.agent.identity.HashState;
import ttd.agent.path.PathChecker;
import ttd.agent.path.RecordedPath;
import ttd.agent.schedule.Decision;
import ttd.agent.schedule.SchedThread;
import ttd.agent.schedule.ScheduleLog;
import ttd.agent.schedule.SchedulePolicy;
import ttd.agent.schedule.Scheduler;
import ttd.agent.session.Messages;
import ttd.agent.session.PayloadSink;
import ttd.agent.session.Exchange;
import ttd.agent.session.Lifecycle;
import ttd.agent.session.ProgramRun;
import ttd.agent.session.ThreadState;
import ttd.log.BlockDecoder;
import ttd.log.EventKind;
import ttd.log.RecordingMetadata;
import ttd.log.RecordingScan;
import ttd.log.ThreadDocuments;
import ttd.runtime.ReplayPosition;

/**
 * Replay: every hook consumes its thread's next recorded event, checks it and returns its value.
 * This is the session's {@link Exchange} and {@link Lifecycle} in a replaying JVM, and the
 * scheduler's log.
 *
 * <p>The check covers the event's kind and call site, and for outputs the bytes written. The first
 * mismatch stops the JVM with a {@link Divergence} report; a replay never silently produces a
 * different execution. Sleeps and timed waits return at once, so time spent waiting is not spent
 * again.
 */
public final class ReplaySession implements Exchange, Lifecycle, ScheduleLog {

  private final ProgramRun run;
  private final Scheduler scheduler;
  private final ThreadDocuments documents;
  private final Messages messages;
  private final EventReader events;
  private final RecordedTables tables;
  private final ReplayedPayloads payloads;
  private volatile ThreadState mainThread;
  private volatile boolean finished;
  /** By thread ordinal: how many events the thread's log holds. */
  private final long[] recordedEvents;
  /** The environment variables and properties the recording left out, comma-separated ("" for none). */
  private final String redacted;

  /** The signal that ended the recorded program (its JVM handler's), or null. */
  private final RecordedSignal recordedSignal;
  /** The agents other processes had the recorded JVM load, or null. */
  private final AttachedAgents attachedAgents;

  private final boolean path;

  /** The ordinal the recording gave the thread that began its shutdown from outside, or -1. */
  private final int shutdownThread;

  /**
   * @param scan the recording's scan, {@link RecordingScan#indexed}: where each thread's
   *     documents lie, how many events each thread's log holds, the call sites and the end
   * @param signal the signal that ended the recorded program through the JVM's handler, or 0
   * @param signalAt where it came: the header's {@code signal.at}
   * @param shutdownThread the ordinal the recording gave the thread that began the JVM's shutdown
   *     from outside the program, or -1
   * @param path whether the recording logged each thread's path, which the replay then checks
   * @param header the recording's header, which lists the agents other processes had it load
   */
  public ReplaySession(
      ProgramRun run, Path queueDir, RecordingScan scan, int signal, String signalAt,
      String redacted, int shutdownThread, Messages messages, boolean path, RecordingMetadata header) {
    this.run = run;
    this.documents = scan.documents();
    this.shutdownThread = shutdownThread;
    this.path = path;
    this.redacted = redacted;
    this.recordedSignal = signal == 0 ? null : new RecordedSignal(this, signal, RecordedSignal.positions(signalAt));
    this.attachedAgents = AttachedAgents.of(header, queueDir.getParent());
    this.recordedEvents = scan.eventsByThread();
    this.messages = messages;
    this.tables = new RecordedTables(documents.sites(), scan.complete() ? scan.endStatus() : null);
    this.events = new EventReader(queueDir, tables, messages, this);
    this.payloads = new ReplayedPayloads(events);
    this.scheduler = run.useScheduler(this, SchedulePolicy.fair()); // replay follows the log; the policy is never asked
    scheduler.expectAdopted(shutdownThread);
    ReplayPosition.install(new EvaluationHashBracket());
  }

  /**
   * Before the program starts: real signals stop the replay ({@link ReplaySignals}), and a
   * recording that a signal ended gets it again where it came ({@link RecordedSignal}).
   */
  public void started() {
    ReplaySignals.install(messages);
    if (recordedSignal != null) {
      recordedSignal.start();
    }
  }

  /** The signal that ended the recorded program, or null: a thread past its last event stopped there. */
  RecordedSignal recordedSignal() {
    return recordedSignal;
  }

  /** The variables and properties the recording holds only as a mask, comma-separated ("" for none). */
  String redacted() {
    return redacted;
  }

  /** An event was consumed: a recorded signal or an agent's load may be due. */
  void consumedEvent() {
    if (attachedAgents != null) {
      attachedAgents.eventConsumed(this);
    }
    if (recordedSignal != null) {
      recordedSignal.eventConsumed();
    }
  }

  /** Whether every thread listed in {@code at} has begun and replayed at least that many events. */
  boolean reached(long[] at) {
    for (int ordinal = 0; ordinal < at.length; ordinal++) {
      if (at[ordinal] < 0) {
        continue;
      }
      ThreadState t = null;
      for (ThreadState s : run.allThreads()) {
        if (s.ordinal() == ordinal) {
          t = s;
        }
      }
      if (t == null || t.index() < at[ordinal]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether every thread the replay has begun has replayed all its recorded events (or ended), and
   * none may run on: the point where the recorded program got its signal.
   */
  boolean atRecordedEnd() {
    return mainThread != null && !run.startsPending()
        && RecordedEnd.reachedByBegun(run.allThreads(), recordedEvents, scheduler);
  }

  /** The recorded end cannot be replayed: says why and stops with the divergence status. */
  void unendable(String why) {
    events.stop(Divergence.EXIT_DIVERGED, new Divergence(why));
  }

  /** Turns the hooks off: the JVM is about to halt with a report. */
  void deactivate() {
    run.deactivate();
  }

  @Override
  public int reservedOrdinal() {
    return shutdownThread;
  }

  @Override
  public int shutdownThreadOrdinal(Thread thread) {
    return shutdownThread;
  }

  /** Notes a class as the replay loads it, to compare with the recording in a report. */
  public void classLoaded(String name, int checksum) {
    events.classLoaded(name, checksum);
  }

  @Override
  public ThreadState newThreadState(int ordinal, String name, boolean main) {
    ThreadState t = new ThreadState(ordinal, name, main);
    if (path) {
      t.path =
          new PathChecker(
              t, new RecordedPath(documents, ordinal), split -> events.leftPath(t, split));
    }
    return t;
  }

  @Override
  public void beginThread(ThreadState t) {
    if (t.ordinal() == 0) {
      mainThread = t;
    } else {
      events.threadStarted();
    }
    ThreadCursor cursor = new ThreadCursor(documents, t.ordinal(), tables);
    if (EventReader.CHECK_ORDER) {
      cursor.keepOrder();
    }
    t.attachModeState(cursor);
    BlockDecoder e = events.next(t, EventKind.THREAD_BEGIN, 0);
    int[] state = HashState.fromBytes(e.bytes());
    if (state != null && HashState.available()) {
      HashState.write(state);
    }
  }

  @Override
  public long exchangeLong(ThreadState t, EventKind kind, int site, long original) {
    BlockDecoder e = events.next(t, kind, site);
    if ((kind == EventKind.THREAD_START || kind == EventKind.EXIT) && e.longValue() != original) {
      events.diverge(t, EventReader.describe(kind, null) + " with " + e.longValue(), EventReader.describe(kind, null) + " with " + original);
    }
    return e.longValue();
  }

  @Override
  public String exchangeString(ThreadState t, EventKind kind, int site, String original) {
    BlockDecoder e = events.next(t, kind, site);
    if (kind == EventKind.UNCAUGHT_EXCEPTION && !Objects.equals(e.text(), original)) {
      events.diverge(t, "an uncaught " + e.text(), "an uncaught " + original);
    }
    return e.text();
  }

  @Override
  public String exchangePair(ThreadState t, EventKind kind, String key, String original) {
    BlockDecoder e = events.next(t, kind, 0);
    if (!Objects.equals(e.text(), key)) {
      events.diverge(t, kind.description() + " for \"" + e.text() + "\"",
          kind.description() + " for \"" + key + "\"");
    }
    return e.text2();
  }

  @Override
  public int exchangeRead(ThreadState t, int result, byte[] b, int off, int len) {
    return payloads.read(t, b, off, len);
  }

  @Override
  public int exchangeNativeRead(ThreadState t, int result, long address, int len, int iovcnt) {
    return payloads.nativeRead(t, address, len, iovcnt);
  }

  @Override
  public long exchangeData(
      ThreadState t, EventKind kind, long value, byte[] b, int off, int len, PayloadSink sink) {
    return payloads.data(t, kind, sink);
  }

  @Override
  public void mismatch(ThreadState t, String expected, String actual) {
    events.diverge(t, expected, actual);
  }

  @Override
  public boolean performsRealIo() {
    return false;
  }

  @Override
  public Map<String, String> exchangeEnvAll(ThreadState t, Map<String, String> original) {
    return events.next(t, EventKind.ENV_ALL, 0).map();
  }

  @Override
  public void exchangeOutput(
      ThreadState t, EventKind kind, long ordinal, byte[] b, int off, int len) {
    payloads.output(t, kind, ordinal, b, off, len);
  }

  @Override
  public void warn(String message) {}

  @Override
  public boolean performsWaits(long millis, int nanos) {
    return false;
  }

  @Override
  public void endThread(ThreadState t) {}

  @Override
  public void halting(ThreadState t, int status) {
    finish();
  }

  @Override
  public void mainArgs(String[] args) {}

  @Override
  public void pinRandom(byte[] produced) {}

  @Override
  public void signalled(int number) {}

  @Override
  public void mainEnding(ThreadState t) {}

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
    if (!events.readAhead(t, false)) {
      // nothing of it is left to replay: in a complete recording the recorded JVM exited while it
      // went on; in an incomplete one the recording stopped here, and if the thread gets stuck here
      // as it did then (BatonWatch), that is reported
      s.pastItsRecording = ThreadCursor.of(t).recordingComplete();
      return false;
    }
    BlockDecoder e = ThreadCursor.of(t).event();
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
    if (t.path != null) {
      t.path.event();
    }
    ThreadCursor.of(t).advance();
    t.counted();
    consumedEvent();
  }

  @Override
  public void diverged(SchedThread s, String expected, String actual) {
    ThreadState t = (ThreadState) s.owner;
    if (t.path != null) {
      ((PathChecker) t.path).departsHere("came to " + actual + ", where the log expects " + expected);
    }
    if (!ThreadCursor.of(t).hasMore()) {
      events.endOfLog(t, EventKind.SCHED_SWITCH, 0, ThreadCursor.of(t)); // a killed recording ends before a decision
    }
    events.diverge(t, expected, actual);
  }

  @Override
  public void deadlocked(SchedThread s, String report) {
    ThreadState t = (ThreadState) s.owner;
    exchangeLong(t, EventKind.EXIT, 0, ProgramRun.EXIT_DEADLOCK);
    run.exitStatus(ProgramRun.EXIT_DEADLOCK);
    messages.say(report + "\nthe program cannot go on; it ends here with status " + ProgramRun.EXIT_DEADLOCK);
    finish();
    Runtime.getRuntime().halt(ProgramRun.EXIT_DEADLOCK);
  }

  @Override
  public void stuck(SchedThread watcher, SchedThread holder, String report) {
    stopStuck(report, "\nthe recording stopped at this point too; everything before it replayed as recorded",
        "\nreplay diverged: the recorded run went on from here");
  }

  /** Stops with {@code report}: the recording's end status if it is incomplete (whose end may be why), else a divergence. */
  private void stopStuck(String report, String incomplete, String diverged) {
    boolean ends = tables.endStatus() == null;
    events.stop(ends ? Divergence.EXIT_RECORDING_ENDS : Divergence.EXIT_DIVERGED,
        new Divergence(report + (ends ? incomplete : diverged)));
  }

  /**
   * The replay stands still with nobody holding the baton: which threads wait for what, and what
   * each one's log holds next, then the divergence status (the recording's end status if the
   * recording is incomplete, whose end may be why).
   */
  @Override
  public void stalled(SchedThread watcher, String why) {
    StringBuilder b = new StringBuilder("replay stalled after event ").append(ReplayPosition.events - 1)
        .append(" (the numbering of ttd events and ttd debug): ").append(why)
        .append("; the threads waiting for the baton:");
    for (ThreadState t : run.allThreads()) {
      SchedThread s = t.sched();
      if (s == null || s.ended()) {
        continue;
      }
      b.append("\n  thread #").append(t.ordinal()).append(" \"").append(t.name()).append("\" ")
          .append(s.waits()).append(", ").append(t.index()).append(" of its events replayed")
          .append("; its log's next event: ").append(events.nextEvent(t));
    }
    stopStuck(b.toString(), "\nthe recording is incomplete; everything before this point replayed as recorded",
        "\nreplay diverged: the recorded run went on from here, but the replay cannot");
  }

  /**
   * The replay's own load of an agent the recording had attached ({@link AttachedAgents}), or an
   * attach from outside, which is not the program's: nothing to do.
   */
  @Override
  public void agentAttached(String agentClass, String options) {}

  /** The replay's own loads print the recorded warning themselves ({@link AttachedAgents}). */
  @Override
  public void agentWarned() {}

  /**
   * A recorded run that started a virtual thread left a refused recording, which no replay runs:
   * the replay went somewhere the recorded run did not, and it must not run on unscheduled.
   */
  @Override
  public void virtualThreadsStarted() {
    events.stop(
        Divergence.EXIT_DIVERGED,
        new Divergence("replay diverged: the program starts a virtual thread, which the recorded run did not"));
  }

  /** At JVM exit: the program must have ended where and as the recording did. */
  public void finish() {
    if (finished || !run.active()) {
      return;
    }
    finished = true;
    run.asAgent(
        () -> {
          ThreadState caller = run.current();
          scheduler.stopForExit(caller == null ? null : caller.sched());
          RecordedEnd.await(run.allThreads(), recordedEvents, caller, scheduler);
          ThreadState main = mainThread;
          ThreadCursor cursor = main == null ? null : ThreadCursor.of(main);
          if (cursor != null && cursor.hasMore()) {
            BlockDecoder e = cursor.event();
            events.diverge(
                main,
                EventReader.describe(e.kind(), tables.site(e.site())),
                "the program ended (exit status " + run.endStatus() + ")");
          }
          Integer recorded = tables.endStatus();
          if (recorded != null && recorded != run.endStatus()) {
            events.stop(
                Divergence.EXIT_DIVERGED,
                new Divergence(
                    "replay diverged at the end: the recorded program exited with status "
                        + recorded
                        + ", the replayed one with "
                        + run.endStatus()));
          }
          if (recorded == null) {
            events.stop(
                Divergence.EXIT_RECORDING_ENDS,
                new Divergence(
                    "the recording ends here: the recorded process stopped (killed or crashed)"
                        + " before it finished; everything before this point replayed as recorded"));
          }
        });
  }
}
