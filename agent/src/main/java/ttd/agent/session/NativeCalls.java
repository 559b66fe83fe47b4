package ttd.agent.session;

import ttd.agent.io.NativeIoTable;
import ttd.log.EventKind;
import ttd.runtime.RealCalls;

/**
 * The one way a file-system or channel call below {@code java.nio} is recorded and replayed:
 * recording performs it and logs the question (operation and path) with its outcome, replay
 * checks the question and gives back the logged outcome without performing anything.
 */
final class NativeCalls {

  private NativeCalls() {}

  /**
   * {@link #logged} for a call that waits for another thread or the world (a poller's wait, the
   * reaper's wait for a child): the baton is given up around it, in record and at the same point
   * in replay, where the recorded hand-overs order the wait's end after what ended it. The outcome
   * is logged once the thread holds the baton again, after its resume.
   */
  static Object loggedAcross(
      Blocking blocking, String what, Exchange s, ThreadState t, RealCalls real, EventKind kind, String key,
      int op, Object[] args)
      throws Exception {
    return loggedAcross(blocking, what, false, s, t, real, kind, key, op, args);
  }

  /** {@link #loggedAcross}, keeping the baton where the call cannot block ({@code ready}). */
  static Object loggedAcross(
      Blocking blocking, String what, boolean ready, Exchange s, ThreadState t, RealCalls real, EventKind kind,
      String key, int op, Object[] args)
      throws Exception {
    String outcome = null;
    Exception failure = null;
    Object result = null;
    blocking.begin(t, what, ready);
    try {
      if (s.performsRealIo()) {
        result = real.call(op, args);
        outcome = NativeOutcomes.ofResult(result);
      }
    } catch (Exception e) {
      failure = e;
      outcome = NativeOutcomes.ofError(e);
    } finally {
      blocking.end(t);
    }
    if (s.performsRealIo() && outcome == null) {
      throw failure;
    }
    String seen = s.exchangePair(t, kind, key, outcome);
    if (!s.performsRealIo()) {
      return NativeOutcomes.result(seen);
    }
    if (failure != null) {
      throw failure;
    }
    return result;
  }

  /**
   * @param attrs the {@code UnixFileAttributes} a stat fills in, or null
   * @return the result the program sees (record: the real one; replay: the logged one)
   */
  static Object logged(
      Exchange s, ThreadState t, RealCalls real, EventKind kind, String key, int op, Object[] args,
      Object attrs)
      throws Exception {
    if (s.performsRealIo()) {
      Object result;
      String outcome;
      try {
        result = real.call(op, args);
        outcome = NativeOutcomes.ofResult(result);
        if (attrs != null) {
          outcome = NativeOutcomes.withAttributes(outcome, attrs);
        }
      } catch (Exception e) {
        outcome = NativeOutcomes.ofError(e);
        if (outcome == null) {
          throw e;
        }
        s.exchangePair(t, kind, key, outcome);
        throw e;
      }
      s.exchangePair(t, kind, key, outcome);
      return result;
    }
    String outcome = s.exchangePair(t, kind, key, null);
    if (outcome == null) {
      throw new IllegalStateException("the recording has no outcome for " + key);
    }
    if (attrs != null) {
      NativeOutcomes.fillAttributes(outcome, attrs);
    }
    return NativeOutcomes.result(outcome);
  }

  /** The question as logged: the JDK method's name and what it was asked about. */
  static String key(int op, Object... parts) {
    StringBuilder b = new StringBuilder(NativeIoTable.name(op));
    for (Object p : parts) {
      b.append(' ').append(p instanceof byte[] ? latin1((byte[]) p) : String.valueOf(p));
    }
    return b.toString();
  }

  static String latin1(byte[] b) {
    return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
  }
}
