package ttd.agent.identity;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread ids ({@code Thread.getId()}/{@code threadId()}) for the program's threads that do not
 * depend on how many threads ttd itself starts.
 *
 * <p>The JDK hands out ids from one counter, so Chronicle's threads and the replay's own took ids
 * the program's threads would have had, a different number in each mode (on JDK 25 the program's
 * first thread was 24 in a recording and 25 in its replay). At the start of premain the counter's
 * next value is kept for the program and the counter itself moves {@code 2^40} ahead: threads the
 * program makes take ids from the kept value on (as in a run without ttd), every other thread takes
 * them from the counter, so no two threads share an id. A replay starts the program's ids where its
 * recording did.
 */
public final class ThreadIds {

  private static final long OTHERS_AHEAD = 1L << 40;
  private static final AtomicLong NEXT_PROGRAM_ID = new AtomicLong(-1);
  private static volatile long first = -1;

  private ThreadIds() {}

  /** Keeps the counter's next id for the program; does nothing on a JDK whose counter it cannot find. */
  public static void reserve() {
    Counter counter = Counter.find();
    if (counter == null) {
      return;
    }
    long next = counter.next();
    counter.setNext(next + OTHERS_AHEAD);
    first = next;
    NEXT_PROGRAM_ID.set(next);
  }

  /** The program's first id, or -1 if none was reserved. */
  public static long first() {
    return first;
  }

  /** Makes the program's ids start at {@code id} (a replay: where its recording's started). */
  public static void startAt(long id) {
    if (first >= 0) {
      first = id;
      NEXT_PROGRAM_ID.set(id);
    }
  }

  /**
   * Whether a thread with this id was made by the program (true for any id if none was reserved):
   * not one the JDK made before premain, nor one ttd or a library of its own made (Chronicle's
   * shutdown hook thread, which the program's shutdown would otherwise start as its own).
   */
  public static boolean isProgram(long id) {
    long from = first;
    // half the gap: a replay's other ids start 2^40 past its own counter, which may lie a few
    // threads below its recording's first program id
    return from < 0 || id >= from && id < from + OTHERS_AHEAD / 2;
  }

  /**
   * Whether a thread with this id was made after premain by other than the program: by ttd or by
   * what ttd's own code started (Chronicle's threads). Such threads differ between recording and
   * replaying, so the program's listings of threads leave them out.
   */
  public static boolean madeOutsideProgram(long id) {
    long from = first;
    return from >= 0 && id >= from + OTHERS_AHEAD / 2;
  }

  /** The id for a thread the program is making; {@code original} if none was reserved. */
  public static long nextForProgram(long original) {
    return first < 0 ? original : NEXT_PROGRAM_ID.getAndIncrement();
  }

  /** The JDK's counter: {@code Thread.threadSeqNumber} (17, the last id given) or a VM address (21+). */
  private static final class Counter {
    private final InternalUnsafe.StaticField lastGiven;
    private final long address;

    private Counter(InternalUnsafe.StaticField lastGiven, long address) {
      this.lastGiven = lastGiven;
      this.address = address;
    }

    static Counter find() {
      try {
        return new Counter(InternalUnsafe.staticField(Thread.class, "threadSeqNumber"), 0);
      } catch (IllegalStateException e) {
        try {
          Class<?> ids = Class.forName("java.lang.Thread$ThreadIdentifiers", true, null);
          return new Counter(null, InternalUnsafe.staticField(ids, "NEXT_TID_OFFSET").getLong());
        } catch (ClassNotFoundException | IllegalStateException missing) {
          return null;
        }
      }
    }

    long next() {
      return lastGiven != null ? lastGiven.getLong() + 1 : InternalUnsafe.getLong(null, address);
    }

    void setNext(long next) {
      if (lastGiven != null) {
        lastGiven.putLong(next - 1);
      } else {
        InternalUnsafe.putLong(null, address, next);
      }
    }
  }
}
