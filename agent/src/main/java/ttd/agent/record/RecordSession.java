package ttd.agent.record;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import ttd.agent.identity.HashState;
import ttd.agent.path.PathRecorder;
import ttd.agent.schedule.Decision;
import ttd.agent.schedule.SchedThread;
import ttd.agent.schedule.ScheduleLog;
import ttd.agent.schedule.SchedulePolicy;
import ttd.agent.schedule.Scheduler;
import ttd.agent.session.Exchange;
import ttd.agent.session.Lifecycle;
import ttd.agent.session.Messages;
import ttd.agent.session.PayloadSink;
import ttd.agent.session.ProgramRun;
import ttd.agent.session.Redaction;
import ttd.agent.session.SignalNames;
import ttd.agent.session.ThreadState;
import ttd.log.EventKind;
import ttd.log.RecordingMetadata;
import ttd.log.TraceWriter;

/**
 * Recording: every hook logs the value the program saw into its thread's block. This is the
 * session's {@link Exchange} and {@link Lifecycle} in a recorded JVM, and the scheduler's log.
 *
 * <p>Blocks go to the queue when they fill up, whenever the program writes to stdout or stderr
 * (so everything a person saw is in the log if the process is killed), when a thread ends, and at
 * exit. If recording fails (disk full, anything), the program goes on unrecorded and the recording
 * is marked incomplete: the agent never takes the application down. A program that starts what ttd
 * cannot record (a virtual thread on a carrier, which ttd's instrumentation normally prevents) is
 * refused the same way, and its recording replays nothing.
 */
public final class RecordSession implements Exchange, Lifecycle, ScheduleLog {

  /** What to do instead of having an agent attached whose jar ttd cannot keep, to record a program. */
  private static final String ON_THE_COMMAND_LINE =
      "to record the program, load the agent on the command line after ttd's (for Mockito:"
          + " -javaagent:<the mockito-core jar>), which it then uses instead";
  /** What to do instead of starting virtual threads, to record a program. */
  private static final String ON_PLATFORM_THREADS =
      "to record the program, run its tasks on platform threads (Thread.ofPlatform(),"
          + " Executors.newCachedThreadPool())";

  private final RecordLog log;
  private final ThreadBlocks blocks;
  private final Pins pins;
  private final Messages messages;
  private final Redaction redaction;
  private final boolean path;
  private final EventOrder order;
  private final ProgramRun run;
  private final Scheduler scheduler;
  private final RecordStop stopper;
  /** How many agents other processes have had the JVM load so far. */
  private int attachedAgents;
  /**
   * The attach listener thread that printed the JDK's warning about the agent it is loading, or
   * null: the warning goes to the header with the agent.
   */
  private Thread warned;
  private boolean finished;

  /** @param path whether each thread's path is logged too (the divergence finder) */
  public RecordSession(
      ProgramRun run, Path dir, TraceWriter writer, RecordingMetadata metadata, Pins pins,
      Messages messages, boolean chaos, Redaction redaction, boolean path) {
    this.run = run;
    this.redaction = redaction;
    this.log = new RecordLog(dir, writer, metadata);
    this.stopper = new RecordStop(run, log, messages);
    this.order = new EventOrder(run);
    this.blocks = new ThreadBlocks(log, order, run, stopper);
    this.pins = pins;
    this.messages = messages;
    this.path = path;
    this.scheduler =
        run.useScheduler(this, chaos ? SchedulePolicy.chaos(pins.chaosSeed()) : SchedulePolicy.fair());
  }

  public static Pins pins(java.time.Instant clock, Long seed) {
    return new Pins(clock, seed);
  }

  @Override
  public ThreadState newThreadState(int ordinal, String name, boolean main) {
    ThreadState t = new ThreadState(ordinal, name, main);
    t.attachModeState(new RecordedThread(ThreadBlocks.newBlock()));
    if (path) {
      t.path = new PathRecorder(ordinal, t, blocks::path);
    }
    return t;
  }

  @Override
  public void beginThread(ThreadState t) {
    // The state is taken first and put back last: the agent work in between may hash objects.
    int[] state = null;
    if (HashState.available()) {
      state = pins.seedPinned() ? HashState.seeded((int) pins.nextSeed()) : HashState.read();
    }
    try {
      byte[] bytes = state == null ? new byte[0] : HashState.toBytes(state);
      RecordedThread.of(t).encoder.reset(0);
      RecordedThread.of(t).encoder.putBytes(EventKind.THREAD_BEGIN, 0, bytes, 0, bytes.length);
      order.event(t, EventKind.THREAD_BEGIN);
      t.counted();
      if (t.path != null) {
        t.path.event();
      }
      log.thread(t.ordinal(), t.name());
    } catch (Throwable e) {
      fail(e);
    } finally {
      if (state != null) {
        HashState.write(state);
      }
    }
  }

  @Override
  public long exchangeLong(ThreadState t, EventKind kind, int site, long original) {
    long v = original;
    if (kind == EventKind.CLOCK_MILLIS) {
      v = pins.millis(original, site);
    } else if (kind == EventKind.CLOCK_NANOS) {
      v = pins.nanos(original, site);
    } else if (kind == EventKind.CLOCK_ADJUSTMENT) {
      v = pins.adjustment(original);
    }
    RecordedThread.of(t).encoder.putLong(kind, site, v);
    blocks.appended(t, kind);
    return v;
  }

  @Override
  public String exchangeString(ThreadState t, EventKind kind, int site, String original) {
    RecordedThread.of(t).encoder.putString(kind, site, original);
    blocks.appended(t, kind);
    return original;
  }

  @Override
  public String exchangePair(ThreadState t, EventKind kind, String key, String original) {
    String recorded = kind == EventKind.ENV_VAR ? redacted(key, original) : original;
    RecordedThread.of(t).encoder.putStringPair(kind, 0, key, recorded);
    blocks.appended(t, kind);
    return original;
  }

  /** The variable's value as recorded (the program gets the real one); a newly redacted name goes to the header. */
  private String redacted(String name, String value) {
    int before = redaction.redactedEnv().size();
    String recorded = redaction.env(name, value);
    noteRedacted(before);
    return recorded;
  }

  private void noteRedacted(int before) {
    if (redaction.redactedEnv().size() != before) {
      try {
        log.redactedEnv(redaction.redactedEnv());
      } catch (Throwable e) {
        fail(e);
      }
    }
  }

  @Override
  public int exchangeRead(ThreadState t, int result, byte[] b, int off, int len) {
    // the result is stored as result + 2 (so EOF, -1, is 1) and a failed read as 0
    long code = result == Integer.MIN_VALUE ? 0 : result + 2L;
    blocks.payload(t, EventKind.FILE_READ, code, b, off, Math.max(result, 0));
    return result;
  }

  @Override
  public int exchangeNativeRead(ThreadState t, int result, long address, int len, int iovcnt) {
    long code = result == Integer.MIN_VALUE ? 0 : result + 2L;
    blocks.nativePayload(t, EventKind.FILE_READ, code, address, iovcnt, Math.max(result, 0));
    return result;
  }

  @Override
  public boolean performsRealIo() {
    return true;
  }

  @Override
  public Map<String, String> exchangeEnvAll(ThreadState t, Map<String, String> original) {
    int before = redaction.redactedEnv().size();
    RecordedThread.of(t).encoder.putStringMap(EventKind.ENV_ALL, 0, redaction.env(original));
    noteRedacted(before);
    blocks.appended(t, EventKind.ENV_ALL);
    return original;
  }

  @Override
  public void pinRandom(byte[] produced) {
    if (pins.seedPinned()) {
      pins.fill(produced);
    }
  }

  @Override
  public void exchangeOutput(
      ThreadState t, EventKind kind, long ordinal, byte[] b, int off, int len) {
    blocks.payload(t, kind, ordinal, b, off, len);
    if (kind != EventKind.FILE_WRITE) {
      blocks.flush(t); // what a person saw on stdout/stderr is in the log even if the process is killed
    }
  }

  @Override
  public long exchangeData(
      ThreadState t, EventKind kind, long value, byte[] b, int off, int len, PayloadSink sink) {
    blocks.payload(t, kind, value, b == null ? new byte[0] : b, off, len);
    return value;
  }

  @Override
  public void mismatch(ThreadState t, String expected, String actual) {
    throw new IllegalStateException("a recording cannot diverge: " + expected + " / " + actual);
  }

  @Override
  public void warn(String message) {
    messages.say(message);
  }

  /**
   * The replay stops at this event whatever the program does after it, so recording stops here
   * too: every thread's events so far are kept, and the program goes on unrecorded and
   * unscheduled. Before, recording went on, and a program's own native code that blocks while its
   * thread holds the baton (Netty's epoll transport waiting in {@code epollWait0}) hung the
   * recorded program until it was killed.
   */
  @Override
  public void uncaptured(ThreadState t, String what) {
    exchangeString(t, EventKind.UNCAPTURED_INPUT, 0, what); // sends t's block at once
    keepAndStop(t, "the program " + what + ": ttd cannot see what that does, so a replay stops there"
        + " and recording stops here (a library with a pure-Java fallback takes it when recorded with the"
        + " agent option refusenative)");
  }

  @Override
  public boolean performsWaits(long millis, int nanos) {
    return !pins.sleep(millis, nanos);
  }

  @Override
  public void endThread(ThreadState t) {
    blocks.flush(t);
  }

  @Override
  public void halting(ThreadState t, int status) {
    blocks.flush(t);
    finish("halt");
  }

  /**
   * Notes the signal in the header at once, with how many events each thread had logged when it
   * came (where its replay delivers it again); if the process is then killed, the header still
   * says so. Only the baton holder runs, and it may be inside a hook: its count may be one short.
   */
  @Override
  public void signalled(int number) {
    log.signalled(SignalNames.of(number), positions());
  }

  /**
   * On the attach listener thread, when the JDK has printed its warning about the agent it loads:
   * a replay prints it again where it loads the agent. An agent of the command line is never warned about.
   */
  @Override
  public synchronized void agentWarned() {
    warned = Thread.currentThread();
  }

  /** Each thread's count of logged events, {@code ordinal:count,...} ({@code TraceFormat.SIGNAL_AT}). */
  private String positions() {
    StringBuilder at = new StringBuilder();
    for (ThreadState t : run.allThreads()) {
      at.append(at.length() == 0 ? "" : ",").append(t.ordinal()).append(':').append(t.index());
    }
    return at.toString();
  }

  @Override
  public int reservedOrdinal() {
    return -1;
  }

  @Override
  public int shutdownThreadOrdinal(Thread thread) {
    int ordinal = run.nextOrdinal();
    try {
      log.shutdownThread(ordinal);
      return ordinal;
    } catch (Throwable e) {
      return -1;
    }
  }

  /** Notes a class the program loaded, so replay can name a changed class as a likely cause. */
  public void classLoaded(String name, int checksum) {
    if (run.active()) {
      log.classLoaded(name, checksum);
    }
  }

  @Override
  public void mainArgs(String[] args) {
    ThreadState t = run.enter();
    if (t == null) {
      return;
    }
    try {
      log.mainArgs(Arrays.asList(args));
    } catch (Throwable e) {
      fail(e);
    } finally {
      run.exit(t);
    }
  }

  // The scheduler's decisions go into the deciding thread's own block.

  @Override
  public boolean replaying() {
    return false;
  }

  @Override
  public void write(SchedThread s, EventKind kind, int thread, long value) {
    ThreadState t = (ThreadState) s.owner;
    RecordedThread.of(t).encoder.putLong(kind, thread + 1, value);
    blocks.appended(t, kind);
  }

  @Override
  public boolean peek(SchedThread s, Decision into) {
    return false;
  }

  @Override
  public void consume(SchedThread s) {}

  @Override
  public void diverged(SchedThread s, String expected, String actual) {}

  @Override
  public void stalled(SchedThread watcher, String why) {}

  @Override
  public void deadlocked(SchedThread s, String report) {
    ThreadState t = (ThreadState) s.owner;
    run.exitStatus(ProgramRun.EXIT_DEADLOCK);
    messages.say(report + "\nthe program cannot go on; it ends here with status " + ProgramRun.EXIT_DEADLOCK);
    exchangeLong(t, EventKind.EXIT, 0, ProgramRun.EXIT_DEADLOCK);
    finish("deadlock");
    Runtime.getRuntime().halt(ProgramRun.EXIT_DEADLOCK);
  }

  /**
   * The scheduler cannot go on: every thread's events so far go to the log first, so the replay
   * runs up to this point (where the same JDK code stops it, and it reports the same). Every thread
   * but the holder waits for the baton, and the holder is blocked in the JVM: none is appending,
   * unless the holder is blocked inside ttd's own code, or runs between real blocks (a shutdown
   * that waited for it in vain), whose block then stays unwritten.
   */
  @Override
  public void stuck(SchedThread watcher, SchedThread holder, String report) {
    boolean holderStill = holder.thread.getState() != Thread.State.RUNNABLE;
    ThreadState h = (ThreadState) holder.owner;
    keepAndStop(!h.busy && holderStill ? null : h, report + "; what was recorded until now is kept and replays up to here");
  }

  /** Writes every thread's events so far but {@code skipped}'s (null: none) to the log, then stops recording. */
  private void keepAndStop(ThreadState skipped, String why) {
    scheduler.quiesced(
        () -> {
          for (ThreadState o : run.allThreads()) {
            if (o != skipped) {
              blocks.flush(o);
            }
          }
        });
    stopper.stop(why);
  }

  /**
   * On entry of the first {@code VirtualThread.start}, before the virtual thread runs: the header
   * is marked refused first, so that no replay runs any of the program, then recording and
   * scheduling stop and the program goes on unrecorded, as after any other stop.
   */
  @Override
  public synchronized void virtualThreadsStarted() {
    if (!run.active()) {
      return;
    }
    log.refused(
        "the program started a virtual thread, which ttd cannot record yet; " + ON_PLATFORM_THREADS);
    run.deactivate();
    scheduler.disable();
    messages.say(
        "the program starts a virtual thread, which ttd cannot record yet: recording stops here, the"
            + " program goes on unrecorded and its recording will not replay; " + ON_PLATFORM_THREADS);
  }

  /**
   * On the attach listener thread, once the agent's {@code agentmain} has returned: notes the agent
   * in the header with how many events each thread had logged then, and copies its jar into the
   * recording, so that a replay loads it again there (the replay's {@code AttachedAgents}). If its
   * jar cannot be found or read, the header is marked refused and recording stops, as for a
   * virtual thread: the program would run otherwise in a replay without the agent.
   */
  @Override
  public synchronized void agentAttached(String agentClass, String options) {
    if (!run.active()) {
      return;
    }
    try {
      log.agentAttached(attachedAgents, agentClass, options, AttachedJar.of(agentClass), positions(),
          warned == Thread.currentThread());
      attachedAgents++;
      warned = null;
    } catch (Exception e) {
      String what = "another process had the JVM load the Java agent " + agentClass + " while the program ran"
          + " (Mockito's inline mock maker does this through Byte Buddy), and ttd could not keep its jar ("
          + e.getMessage() + "); ";
      log.refused(what + ON_THE_COMMAND_LINE);
      run.deactivate();
      scheduler.disable();
      messages.say(what + "recording stops here, the program goes on unrecorded and its recording will not"
          + " replay; " + ON_THE_COMMAND_LINE);
    }
  }

  /** Ends the recording: the last blocks, the end document and the final header. */
  public void finish(String cause) {
    synchronized (this) {
      if (finished) {
        return;
      }
      finished = true;
    }
    run.asAgent(
        () -> {
          ThreadState t = run.current();
          if (run.active()) {
            scheduler.stopForExit(t == null ? null : t.sched());
          }
          if (t != null) {
            blocks.flush(t);
          }
          flushWaitingThreads(t);
          run.blocking().whileBlocked(blocks::flushBlocked);
          if (!run.active()) {
            return;
          }
          run.deactivate();
          try {
            int signal = run.exitSignal();
            log.end(run.endStatus(), signal != 0 ? RecordLog.SIGNAL + SignalNames.of(signal) : cause);
          } catch (Throwable e) {
            messages.say("the recording could not be completed (" + e + ")");
          }
        });
  }

  /**
   * While main still holds the baton, no other scheduled thread can be appending: their blocks
   * are flushed now, so what happened before main ended is in the log even if the end of the
   * recording finds the baton holder in a long JDK call and cannot stop it ({@link #finish}).
   */
  @Override
  public void mainEnding(ThreadState t) {
    blocks.flush(t);
    flushWaitingThreads(t);
  }

  /**
   * Flushes the blocks of the threads waiting in the scheduler (daemon threads among them), whose
   * events would otherwise be lost: they cannot write while the scheduler is held still.
   */
  private void flushWaitingThreads(ThreadState caller) {
    scheduler.quiesced(
        () -> {
          SchedThread running = scheduler.running();
          for (ThreadState o : run.allThreads()) {
            if (o != caller && (running == null || running.owner != o)) {
              blocks.flush(o);
            }
          }
        });
  }

  void fail(Throwable e) {
    stopper.fail(e);
  }
}
