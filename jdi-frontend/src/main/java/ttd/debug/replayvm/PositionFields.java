package ttd.debug.replayvm;

import com.sun.jdi.BooleanValue;
import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.InvalidTypeException;
import com.sun.jdi.LongValue;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import java.util.List;
import java.util.Map;

/**
 * {@code ttd.runtime.ReplayPosition} in one replay JVM, read and set through JDI without running
 * code there: the events consumed, the tick the scheduler publishes, {@code stopAt} and {@code
 * stopAtTick}.
 * The class and its fields are looked up once it is prepared (a lookup is a round trip).
 *
 * <p>The tick is the running thread's ticks since the last consumed event: {@code
 * ReplayPosition.running} (a {@code ThreadClock}, the thread holding the scheduler's baton) read as
 * {@code ticks - ticksAtEvent}, as {@code ReplayPosition.tick()} computes it in the replay.
 */
final class PositionFields {

  static final String CLASS = "ttd.runtime.ReplayPosition";

  private final VirtualMachine vm;
  private volatile ClassType type;
  private volatile Field events;
  private volatile Field running;
  private volatile Field ticks;
  private volatile Field ticksAtEvent;
  private volatile Field scheduling;
  private volatile Field thread;
  private volatile Field switchAt;
  private volatile Field stretches;
  private final TickReads reads = new TickReads();

  PositionFields(VirtualMachine vm) {
    this.vm = vm;
  }

  /** The class, or null before it is prepared. */
  ClassType type() {
    ClassType known = type;
    if (known != null) {
      return known;
    }
    List<ReferenceType> types = vm.classesByName(CLASS);
    if (types.isEmpty() || !types.get(0).isPrepared()) {
      return null;
    }
    ClassType t = (ClassType) types.get(0);
    events = t.fieldByName("events");
    running = t.fieldByName("running");
    scheduling = t.fieldByName("scheduling");
    type = t;
    return t;
  }

  /** How many of the last events' stretches the replay notes for the console ({@code ReplayPosition.stretches}). */
  static final int STRETCHES = 256;

  /**
   * Gives the replay an array to note the last events' stretch lengths in (the class must be
   * prepared): an array made through JDI, no code runs in the replay.
   */
  void noteStretches() {
    ClassType t = type();
    try {
      com.sun.jdi.ArrayType longs = (com.sun.jdi.ArrayType) vm.classesByName("long[]").get(0);
      t.setValue(t.fieldByName("stretches"), longs.newInstance(STRETCHES));
    } catch (InvalidTypeException | ClassNotLoadedException | IndexOutOfBoundsException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The length in ticks of the stretch after event {@code event} if the replay noted it (it is one
   * of the last {@link #STRETCHES} events before the current one), else -1.
   */
  long stretch(long event, long current) {
    ClassType t = type();
    if (t == null || event < 0 || event >= current || current - event >= STRETCHES) {
      return -1;
    }
    if (stretches == null) {
      stretches = t.fieldByName("stretches");
    }
    Value v = t.getValue(stretches);
    if (!(v instanceof com.sun.jdi.ArrayReference)) {
      return -1;
    }
    com.sun.jdi.ArrayReference a = (com.sun.jdi.ArrayReference) v;
    return ((LongValue) a.getValue((int) (event & (a.length() - 1)))).value();
  }

  /** The index of the last event the replay consumed, -1 before the first. */
  long event() {
    ClassType t = type();
    return t == null ? -1 : ((LongValue) t.getValue(events)).value() - 1;
  }

  /** The running thread's tick since the last event, or -1 when no thread holds the baton. */
  long tick() {
    ClassType t = type();
    if (t == null || running == null) {
      return -1;
    }
    ObjectReference clock = (ObjectReference) t.getValue(running);
    if (clock == null) {
      return -1;
    }
    clockFields(clock);
    return ((LongValue) clock.getValue(ticks)).value() - ((LongValue) clock.getValue(ticksAtEvent)).value();
  }

  private void clockFields(ObjectReference clock) {
    if (ticks == null) {
      ReferenceType c = clock.referenceType();
      ticks = c.fieldByName("ticks");
      ticksAtEvent = c.fieldByName("ticksAtEvent");
      thread = c.fieldByName("thread");
      switchAt = c.fieldByName("switchAt");
    }
  }

  /**
   * (event, tick) read while the replay runs, in two round trips ({@link TickReads}): the tick
   * -1 when nobody holds the baton, 0 (the boundary of the event read, passed for sure) when the
   * tick cannot be paired with the event.
   */
  long[] sample() {
    ClassType t = type();
    if (t == null || running == null) {
      return null;
    }
    ObjectReference clock = (ObjectReference) reads.clockToRead();
    Map<Field, Value> c = null;
    if (clock != null) {
      clockFields(clock);
      try {
        c = clock.getValues(List.of(ticksAtEvent, ticks));
      } catch (ObjectCollectedException e) {
        c = null; // that thread has ended: read its successor next time
      }
    }
    Map<Field, Value> now = t.getValues(List.of(events, running));
    long a = c == null ? 0 : ((LongValue) c.get(ticksAtEvent)).value();
    long k = c == null ? 0 : ((LongValue) c.get(ticks)).value();
    return reads.judge(((LongValue) now.get(events)).value(), now.get(running), c != null, a, k);
  }

  /** The replay is resumed: the next sample starts afresh. */
  void resumed() {
    reads.resumed();
  }

  /**
   * Whether the event {@code consumer} is about to consume (stopped at the entry of {@code
   * ReplayPosition.consumed()}) counts: the scheduler is off, or it holds the baton.
   */
  boolean counts(ThreadReference consumer) {
    ClassType t = type();
    if (!((BooleanValue) t.getValue(scheduling)).value()) {
      return true;
    }
    ObjectReference clock = (ObjectReference) t.getValue(running);
    if (clock == null) {
      return false;
    }
    clockFields(clock);
    return consumer.equals(clock.getValue(thread));
  }

  /**
   * The thread holding the scheduler's baton, or null (the scheduler off, nobody runs): after a
   * hand-over, the thread that runs on, not the one that passed the baton and now waits.
   */
  ThreadReference runningThread() {
    ClassType t = type();
    if (t == null || running == null || !((BooleanValue) t.getValue(scheduling)).value()) {
      return null;
    }
    ObjectReference clock = (ObjectReference) t.getValue(running);
    if (clock == null) {
      return null;
    }
    clockFields(clock);
    return (ThreadReference) clock.getValue(thread);
  }

  /**
   * Makes the thread holding the baton take its tick path at its next tick, where it sees a tick
   * stop set after its last slow tick (replay decisions lie at or after that next tick, so this
   * only adds a slow tick).
   */
  void forceSlowTick() {
    ClassType t = type();
    ObjectReference clock = (ObjectReference) t.getValue(running);
    if (clock == null) {
      return;
    }
    clockFields(clock);
    try {
      clock.setValue(switchAt, vm.mirrorOf(0L));
    } catch (InvalidTypeException | ClassNotLoadedException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Sets a static long (the class must be prepared). */
  void set(String name, long value) {
    ClassType t = type();
    try {
      t.setValue(t.fieldByName(name), vm.mirrorOf(value));
    } catch (InvalidTypeException | ClassNotLoadedException e) {
      throw new IllegalStateException(e);
    }
  }
}
