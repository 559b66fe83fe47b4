package ttd.agent.path;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ttd.log.PathDecoder;
import ttd.log.PathEncoder;
import ttd.runtime.AgentGuard;
import ttd.runtime.PathTrace;
import ttd.runtime.ReplayPosition;

/**
 * Checks one replaying thread's path, step by step, against the path its recording logged, and
 * reports the first step where they part ({@link Departure}).
 *
 * <p>Recorded steps are consumed one unit at a time (a recorded run of five loop turns takes five
 * turns of the replay), so a replay that loops once more than the recording is caught at that
 * back-edge, not at the loop's end. When the recorded path ends (the recording was cut short, or
 * the thread's last chunk was lost at exit), checking stops quietly: the event log still rules.
 */
public final class PathChecker extends PathTrace {

  /** Stops the replay with a report; it does not return. */
  public interface Departure {
    void left(PathSplit split);
  }

  /** The thread's recorded path, chunk by chunk ({@link RecordedPath} reads it from the queue). */
  public interface Chunks {
    /** The next chunk, or null after the last. */
    PathDecoder next();
  }

  private static final int RECENT = 8;
  /** Ids are dense per JVM: a larger one is damage. */
  private static final int MAX_ID = 1 << 24;

  private final AgentGuard owner;
  private final AgentWork work;
  private final Chunks log;
  private final Departure departure;
  private final ShadowStack stack = new ShadowStack();
  private PathDecoder chunk;
  private boolean off;
  /** The recorded step being consumed: its tag, id or count, and the units left of it. */
  private int tag;
  private long value;
  private long remaining;
  /** By recorded id: this JVM's id (-1: none yet) and the recorded definition. */
  private int[] local = new int[0];
  private String[] definitions = new String[0];
  private final int[] recentTags = new int[RECENT];
  private final long[] recentValues = new long[RECENT];
  private int recentCount;

  /** @param owner the thread's agent state, whose guard is raised while the log is read */
  public PathChecker(AgentGuard owner, Chunks recorded, Departure departure) {
    this.owner = owner;
    this.work = new AgentWork(owner);
    this.log = recorded;
    this.departure = departure;
  }

  @Override
  public void enter(int method) {
    if (skip()) {
      return;
    }
    if (!take(PathEncoder.CALL, method)) {
      split("entered " + PathIds.show(PathIds.definition(method)), true);
    }
    stack.push(method);
  }

  @Override
  public void exit(int method) {
    if (skip()) {
      return;
    }
    int at = stack.find(method);
    if (at >= 0 && !leave(at)) {
      split("returned from " + PathIds.showFrame(PathIds.definition(method)), false);
    }
  }

  @Override
  public void caught(int method) {
    if (skip()) {
      return;
    }
    int at = stack.find(method);
    if (at >= 0 && at + 1 < stack.size() && !leave(at + 1)) {
      split("caught an exception in " + PathIds.showFrame(PathIds.definition(method))
          + ", thrown out of " + PathIds.showFrame(PathIds.definition(stack.method(stack.size() - 1))), false);
    }
  }

  @Override
  public void loop() {
    if (!skip() && !take(PathEncoder.LOOP, 0)) {
      split("jumped back in a loop" + inTop(), false);
    }
  }

  @Override
  public void jdkCall(int site) {
    if (skip()) {
      return;
    }
    if (!take(PathEncoder.JDK, site)) {
      split("called " + PathIds.show(PathIds.definition(site)), false);
    }
    stack.called(site);
  }

  @Override
  public void event() {
    if (!skip() && !take(PathEncoder.EVENT, 0)) {
      split("reached its next event", false);
    }
  }

  /**
   * Before a divergence found by the event log or the scheduler at a point where the replay asks
   * for no event of this thread (a scheduling decision it does not reach, a thread it waits for):
   * if the recording's path does not stop here for an event either, that is the earlier and more
   * precise report, made instead.
   */
  public void departsHere(String replayDid) {
    if (off) {
      return;
    }
    if (remaining == 0 && !advanceAsAgent()) {
      return;
    }
    if (tag != PathEncoder.EVENT) {
      split(replayDid, false);
    }
  }

  /** Whether checking still goes on (the recorded path has not ended and no split was found). */
  public boolean checking() {
    return !off;
  }

  private boolean skip() {
    return off || ReplayPosition.evaluating;
  }

  /**
   * Leaves the frames from {@code position} up, taking as many recorded returns; false (the stack
   * left as it was, for the report) if the recording did something else.
   */
  private boolean leave(int position) {
    for (int n = stack.size() - position; n > 0; n--) {
      if (!take(PathEncoder.RETURN, 0)) {
        return false;
      }
    }
    stack.cut(position);
    return true;
  }

  /** Takes one unit of the recorded step if it is {@code want} (for a call, of {@code id}). */
  private boolean take(int want, int id) {
    if (remaining == 0 && !advanceAsAgent()) {
      return true; // the recorded path ended: nothing to check against
    }
    if (tag != want || (want == PathEncoder.CALL || want == PathEncoder.JDK) && localId() != id) {
      return false;
    }
    remaining--;
    return true;
  }

  /** This JVM's id of the recorded step's id, looked up again while the class is not loaded. */
  private int localId() {
    int r = (int) value;
    if (r < 0 || r >= local.length || definitions[r] == null) {
      return -1;
    }
    int l = local[r];
    if (l < 0) {
      l = PathIds.lookup(PathIds.keyOf(definitions[r]));
      local[r] = l;
    }
    return l;
  }

  /**
   * Reads the next recorded step. Decoding a chunk is plain array work; only reading the next
   * chunk from the queue is agent work (Chronicle), done inside a hash bracket.
   */
  private boolean advanceAsAgent() {
    try {
      return advance();
    } catch (RuntimeException e) {
      off = true; // a path the reader cannot make sense of: the event log still rules
      return false;
    }
  }

  private boolean advance() {
    while (true) {
      if (chunk == null || !chunk.next()) {
        chunk = nextChunk();
        if (chunk == null) {
          off = true;
          return false;
        }
        continue;
      }
      int t = chunk.tag();
      if (t == PathEncoder.DEFINE) {
        define((int) chunk.value(), chunk.name());
        continue;
      }
      tag = t;
      value = chunk.value();
      remaining = t == PathEncoder.CALL || t == PathEncoder.JDK ? 1 : value;
      recentTags[recentCount % RECENT] = t;
      recentValues[recentCount % RECENT] = value;
      recentCount++;
      if (remaining > 0) {
        return true;
      }
    }
  }

  private PathDecoder nextChunk() {
    work.begin();
    try {
      return log.next();
    } finally {
      work.end();
    }
  }

  private void define(int id, String definition) {
    if (id < 0 || id > MAX_ID) {
      throw new IllegalStateException("path id " + id + " out of range");
    }
    if (id >= local.length) {
      int n = Math.max(id + 1, local.length * 2 + 64);
      int old = local.length;
      local = Arrays.copyOf(local, n);
      Arrays.fill(local, old, n, -1);
      definitions = Arrays.copyOf(definitions, n);
    }
    definitions[id] = definition;
    local[id] = PathIds.lookup(PathIds.keyOf(definition));
  }

  private String inTop() {
    return stack.size() == 0 ? "" : " of " + PathIds.showFrame(PathIds.definition(stack.method(stack.size() - 1)));
  }

  private void split(String replayDid, boolean entered) {
    off = true;
    owner.busy = true;
    boolean atEvent = tag == PathEncoder.EVENT;
    String recordingDid = describe(tag, value);
    if (tag == PathEncoder.RETURN || tag == PathEncoder.LOOP || tag == PathEncoder.EVENT) {
      recordingDid += value == remaining ? "" : " (" + (value - remaining) + " of " + value + " done)";
    }
    departure.left(
        new PathSplit(replayDid, recordingDid, atEvent, entered, recordedStack(), before(), after()));
  }

  /** The recorded stack at the split, innermost first: the frames the replay matched so far. */
  private List<String> recordedStack() {
    List<String> frames = new ArrayList<>();
    for (int i = stack.size() - 1; i >= 0; i--) {
      String f = PathIds.showFrame(PathIds.definition(stack.method(i)));
      int call = stack.call(i);
      frames.add(call < 0 ? f : f + ", its last JDK call: " + PathIds.show(PathIds.definition(call)));
    }
    return frames;
  }

  /** The recorded steps before the split, oldest first (the last one is the split's own). */
  private List<String> before() {
    List<String> steps = new ArrayList<>();
    for (int i = Math.max(0, recentCount - RECENT); i < recentCount - 1; i++) {
      steps.add(describe(recentTags[i % RECENT], recentValues[i % RECENT]));
    }
    return steps;
  }

  /** A few recorded steps after the split's own. */
  private List<String> after() {
    List<String> steps = new ArrayList<>();
    try {
      while (chunk != null && steps.size() < RECENT && chunk.next()) {
        if (chunk.tag() == PathEncoder.DEFINE) {
          define((int) chunk.value(), chunk.name());
        } else {
          steps.add(describe(chunk.tag(), chunk.value()));
        }
      }
    } catch (RuntimeException e) {
      steps.add("(" + e.getMessage() + ")");
    }
    return steps;
  }

  private String describe(int t, long v) {
    switch (t) {
      case PathEncoder.CALL:
        return "entered " + recorded(v, false);
      case PathEncoder.JDK:
        return "called " + recorded(v, true);
      case PathEncoder.RETURN:
        return v == 1 ? "returned" : "returned from " + v + " methods";
      case PathEncoder.LOOP:
        return v == 1 ? "jumped back in a loop" : "jumped back in a loop " + v + " times";
      case PathEncoder.EVENT:
        return v == 1 ? "logged an event" : "logged " + v + " events";
      default:
        return "(record " + t + ")";
    }
  }

  private String recorded(long id, boolean call) {
    int r = (int) id;
    if (r < 0 || r >= definitions.length || definitions[r] == null) {
      return "(undefined id " + id + ")";
    }
    return PathIds.show(definitions[r]);
  }
}
