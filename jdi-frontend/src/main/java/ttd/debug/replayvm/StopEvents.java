package ttd.debug.replayvm;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.MethodEntryEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Which events of a replay JVM's event set stop the console: a user request's, a finished step's,
 * an observer's that its {@link Observer} takes, each only where its {@link Conditions condition}
 * holds; class preparations and followed method entries go
 * to their listeners, and events of ttd's own work ({@link ProgramWork}, exceptions thrown with
 * any of ttd's frames on the stack) are passed over.
 */
final class StopEvents {

  private final List<Consumer<ReferenceType>> prepareListeners = new ArrayList<>();
  private final List<Predicate<MethodEntryEvent>> entryListeners = new ArrayList<>();
  private final LongSupplier readEvent;
  private final ProgramWork program = new ProgramWork();
  private final List<Runnable> startListeners = new ArrayList<>();
  private Conditions conditions = Conditions.NONE;
  private Observer observer;
  private long observed;
  private boolean userMuted;

  /** {@code readEvent}: the index of the last event the replay consumed, for observers. */
  StopEvents(LongSupplier readEvent) {
    this.readEvent = readEvent;
  }

  void onClassPrepare(Consumer<ReferenceType> listener) {
    prepareListeners.add(listener);
  }

  void onMethodEntry(Predicate<MethodEntryEvent> listener) {
    entryListeners.add(listener);
  }

  /** Tells {@code listener} when the program starts ({@link Role#START}). */
  void onProgramStart(Runnable listener) {
    startListeners.add(listener);
  }

  /** Who decides whether a conditional request's hit counts. */
  void conditions(Conditions c) {
    conditions = c;
  }

  /** Observes observer requests from now on; their events are numbered from 1. */
  void observe(Observer o) {
    observer = o;
    observed = 0;
  }

  /** Whether the user's requests stop the replay (not while a goto or pause runs). */
  void muteUser(boolean muted) {
    userMuted = muted;
  }

  /** The events of {@code set} that stop the replay (empty: it runs on), or null at its end. */
  List<LocatableEvent> stopsIn(EventSet set, VirtualMachine vm) {
    List<LocatableEvent> stops = new ArrayList<>();
    for (Event e : set) {
      if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
        return null;
      }
      if (e instanceof ClassPrepareEvent) {
        ReferenceType type = ((ClassPrepareEvent) e).referenceType();
        if (type.name().equals(PositionFields.CLASS)) {
          program.ttdStarts(vm.allThreads(), ((ClassPrepareEvent) e).thread());
        }
        for (Consumer<ReferenceType> l : List.copyOf(prepareListeners)) {
          l.accept(type);
        }
        continue;
      }
      if (!(e instanceof LocatableEvent) || e.request() == null) {
        continue;
      }
      Role role = (Role) e.request().getProperty(Role.KEY);
      if (role == Role.START) {
        vm.eventRequestManager().deleteEventRequest(e.request());
        program.start();
        for (Runnable l : List.copyOf(startListeners)) {
          l.run();
        }
        continue;
      }
      if (role == Role.FOLLOW) {
        boolean arrival = false;
        for (Predicate<MethodEntryEvent> l : List.copyOf(entryListeners)) {
          arrival |= l.test((MethodEntryEvent) e);
        }
        if (!arrival) {
          continue;
        }
        role = Role.OBSERVER; // the entry stands for the arrival at the method's first line
      }
      if (e instanceof ExceptionEvent && (role == Role.USER || role == Role.OBSERVER) && TtdFrames.insideTtd(((ExceptionEvent) e).thread())) {
        // thrown in the agent's own work on a program thread, not the program's; how many
        // such throws a replay sees depends on timing, so observers must not count them
        // either, or a reverse search lands on another hit than the one it found
        continue;
      }
      if (!LaterThread.ours((LocatableEvent) e)) {
        continue;
      }
      if ((role == Role.USER || role == Role.OBSERVER) && !program.programs((LocatableEvent) e)) {
        // ttd's start-up, a hook's work, a thread of ttd's or of the JDK's own: not the program's,
        // nor alike in two replays
        continue;
      }
      if (role == Role.USER && userMuted) {
        continue; // a goto or pause runs past the user's requests, also those set while it runs
      }
      if ((role == Role.USER || role == Role.OBSERVER) && e.request().getProperty(Conditions.KEY) instanceof String condition
          && !conditions.hold((LocatableEvent) e, condition)) {
        continue; // a hit where the request's condition is false counts nowhere
      }
      if (role == Role.STEP) {
        vm.eventRequestManager().deleteEventRequest(e.request());
        stops.add((LocatableEvent) e);
      } else if (role == Role.OBSERVER) {
        if (observer != null && observer.hit(++observed, (LocatableEvent) e, readEvent)) {
          stops.add((LocatableEvent) e);
        }
      } else if (role != null) {
        stops.add((LocatableEvent) e);
      }
    }
    return stops;
  }
}
