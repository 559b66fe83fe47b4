package ttd.agent.path;

import ttd.log.PathEncoder;
import ttd.runtime.AgentGuard;
import ttd.runtime.PathTrace;

/**
 * Records one thread's path into its {@link PathEncoder}, which goes to the log with the thread's
 * event block ({@link #flush()}) or on its own when it fills up.
 */
public final class PathRecorder extends PathTrace {

  /** A chunk goes to the log once its records pass this size. */
  static final int CHUNK_BYTES = 64 << 10;

  /** Where a thread's full chunks go (the recording's log, while it records). */
  public interface Chunks {
    void write(int ordinal, byte[] records, int length);
  }

  private final int ordinal;
  private final AgentWork work;
  private final Chunks chunks;
  private final PathEncoder records = new PathEncoder(CHUNK_BYTES + 1024, PathIds::definition);
  private final ShadowStack stack = new ShadowStack();

  /** @param owner the thread's agent state, whose guard is raised while a chunk is written */
  public PathRecorder(int ordinal, AgentGuard owner, Chunks chunks) {
    this.ordinal = ordinal;
    this.work = new AgentWork(owner);
    this.chunks = chunks;
  }

  @Override
  public void enter(int method) {
    records.id(PathEncoder.CALL, method);
    stack.push(method);
    due();
  }

  @Override
  public void exit(int method) {
    int at = stack.find(method);
    if (at >= 0) {
      records.count(PathEncoder.RETURN, stack.size() - at);
      stack.cut(at);
      due();
    }
  }

  @Override
  public void caught(int method) {
    int at = stack.find(method);
    if (at >= 0 && at + 1 < stack.size()) {
      records.count(PathEncoder.RETURN, stack.size() - at - 1);
      stack.cut(at + 1);
      due();
    }
  }

  @Override
  public void loop() {
    records.count(PathEncoder.LOOP, 1);
    due();
  }

  @Override
  public void jdkCall(int site) {
    records.id(PathEncoder.JDK, site);
    due();
  }

  @Override
  public void event() {
    records.count(PathEncoder.EVENT, 1);
    due();
  }

  /** Sends the records so far to the log (by the thread's block flush, or when the chunk is full). */
  public void flush() {
    records.close();
    if (records.size() > 0) {
      chunks.write(ordinal, records.buffer(), records.size());
    }
    records.reset();
  }

  /** A full chunk, written from the program's code: as agent work, inside a hash-state bracket. */
  private void due() {
    if (records.size() < CHUNK_BYTES) {
      return;
    }
    work.begin();
    try {
      flush();
    } finally {
      work.end();
    }
  }
}
