package ttd.debug.target;

import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.InvalidTypeException;
import com.sun.jdi.LongValue;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import java.util.List;

/**
 * {@code ttd.runtime.ReplayPosition} in one replay JVM, read and set through JDI without running
 * code there: the events consumed, the tick once the scheduler publishes it, and {@code stopAt}.
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
    type = t;
    return t;
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
    if (ticks == null) {
      ticks = clock.referenceType().fieldByName("ticks");
      ticksAtEvent = clock.referenceType().fieldByName("ticksAtEvent");
    }
    return ((LongValue) clock.getValue(ticks)).value() - ((LongValue) clock.getValue(ticksAtEvent)).value();
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
