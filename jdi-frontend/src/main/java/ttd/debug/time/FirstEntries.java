package ttd.debug.time;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.ClassNames;
import ttd.debug.requests.LineArrivals;
import ttd.debug.requests.LineBreakpoint;
import ttd.debug.requests.MethodBreakpoint;
import ttd.debug.requests.Spec;

/**
 * Where each method of the program first ran in the whole recording: one background replay with a
 * breakpoint at the entry of every method of the classes a step stops in, each cleared at its
 * first hit, so the replay stops once per method that runs, not once per call. A breakpoint set
 * just now has no index of its own hits yet, and finding out that it has none before the current
 * position would take a replay of the whole history; but a breakpoint whose methods all first ran
 * after that position, or never, surely has none, and a reverse-continue says so at once
 * ({@code IndexedLookup}). Anything else is not known here: a catch, a watch, a method that ran
 * before (whether the breakpoint's line did is another question), a class a step passes over.
 */
public final class FirstEntries {

  /** A method that ran: its class and name, its first and last line (-1: none known), where it first ran. */
  record Entered(String type, String name, int firstLine, int lastLine, Position at) {}

  private volatile List<Entered> entered;
  private final CountDownLatch done = new CountDownLatch(1);

  FirstEntries() {}

  /** An index already built (tests). */
  FirstEntries(List<Entered> entered) {
    this.entered = List.copyOf(entered);
    done.countDown();
  }

  /** Replays the whole recording in a JVM of {@code pool}, noting each method's first entry. */
  void build(Pool pool) {
    try {
      entered = replay(pool);
    } catch (RuntimeException e) {
      // an optimisation: without it, searches scan
    } finally {
      done.countDown();
    }
  }

  private static List<Entered> replay(Pool pool) {
    Map<String, Entered> firsts = new LinkedHashMap<>();
    try (Driver d = new Driver(pool.take(), x -> {})) {
      d.searchWith(List.of(LineArrivals.methodEntries()), (ordinal, e, index) -> {
        e.request().disable();
        Method m = e.location().method();
        firsts.putIfAbsent(LineArrivals.method(m), entered(m, d.target().observedAt()));
        return false;
      });
      Stop s = null;
      while (s == null || !s.ended()) {
        s = d.target().resume();
      }
    }
    return List.copyOf(firsts.values());
  }

  private static Entered entered(Method m, Position at) {
    int first = -1;
    int last = -1;
    try {
      for (Location l : m.allLineLocations()) {
        first = first < 0 ? l.lineNumber() : Math.min(first, l.lineNumber());
        last = Math.max(last, l.lineNumber());
      }
    } catch (AbsentInformationException e) {
      // no lines known: any line breakpoint in its class may lie in it
    }
    return new Entered(m.declaringType().name(), m.name(), first, last, at);
  }

  /** Whether the replay that builds the index has ended, built or failed. */
  public boolean done() {
    return done.getCount() == 0;
  }

  /** Waits until {@link #done()}. */
  void await() {
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Whether {@code spec} surely has no hit before {@code p} (null: the end of the recording): a
   * breakpoint in methods (of classes this index observes, judged by the classes {@code current}
   * has loaded for a simple class name; null: no JVM to ask) that all first ran after {@code p},
   * or never. False when that is not known, or the index is not built.
   */
  public boolean noHitBefore(Spec spec, Position p, VirtualMachine current) {
    List<Entered> all = entered;
    if (all == null) {
      return false;
    }
    Predicate<String> inClass;
    Predicate<Entered> mayHit;
    if (spec instanceof MethodBreakpoint) {
      MethodBreakpoint b = (MethodBreakpoint) spec;
      inClass = n -> ClassNames.matches(b.className(), n);
      mayHit = m -> m.name().equals(b.method());
    } else if (spec instanceof LineBreakpoint) {
      LineBreakpoint b = (LineBreakpoint) spec;
      inClass = b::inClass;
      mayHit = m -> m.firstLine() < 0 || m.firstLine() <= b.line() && b.line() <= m.lastLine();
    } else {
      return false;
    }
    if (!observed(spec.className(), inClass, current)) {
      return false;
    }
    for (Entered m : all) {
      if (inClass.test(m.type()) && mayHit.test(m) && (p == null || HitPositions.order(p, m.at()) >= 0)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether every class {@code given} may name is one this index observes: not one a step passes
   * over (the JDK's, ttd's). A simple name may name such a class in any package: one loaded in
   * {@code current} counts against it (one that loads later cannot have run before).
   */
  private static boolean observed(String given, Predicate<String> inClass, VirtualMachine current) {
    if (given.contains(".")) {
      return !Target.stepExcluded(given);
    }
    if (current == null) {
      return false;
    }
    for (ReferenceType t : current.allClasses()) {
      if (inClass.test(t.name()) && Target.stepExcluded(t.name())) {
        return false;
      }
    }
    return true;
  }
}
