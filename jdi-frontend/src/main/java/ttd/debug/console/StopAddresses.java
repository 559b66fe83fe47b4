package ttd.debug.console;

import com.sun.jdi.Location;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.LocatableEvent;
import java.util.List;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.requests.CodeLocation;
import ttd.debug.requests.Motion;
import ttd.debug.time.Driver;
import ttd.debug.time.Interrupted;
import ttd.debug.time.Rung;
import ttd.debug.time.StopAddress;

/**
 * The {@link StopAddress} of the console's current stop: its tick point (its position, or the
 * event boundary where the tick may not be one a pause stops at), its location and thread, and
 * the how-manieth arrival there it is. A stop the console landed on by its address, or in a method
 * that ticks at its entry (a location there runs at most once per tick), needs nothing else; any
 * other (a method that calls nothing, run again without a tick, say by a sort's comparisons) is
 * counted: one replay of the history from the nearest rung, counting the arrivals at the location.
 */
final class StopAddresses {

  private final ConsoleSession s;

  StopAddresses(ConsoleSession s) {
    this.s = s;
  }

  /** The address of the current stop (the program must be stopped in it). */
  StopAddress current() {
    List<Motion> h = s.history();
    Stop st = s.stop();
    LocatableEvent e = st.events().get(0);
    ThreadReference thread = e.thread();
    Location l = e.location();
    CodeLocation at = new CodeLocation(l.declaringType().name(), l.method().name(), l.method().signature(), l.codeIndex(), thread.name());
    if (h.size() >= 2 && h.get(h.size() - 1).kind() == Motion.Kind.SEEK && h.get(h.size() - 1).observers().equals(List.of(at))
        && h.get(h.size() - 2).kind() == Motion.Kind.PAUSE) {
      return new StopAddress(h.get(h.size() - 2).position(), at, h.get(h.size() - 1).arg()); // landed by it
    }
    Position p = st.position();
    boolean ticks = s.driver().target().observedAt().tick() >= 0;
    if (ticks && p.tick() != 1 && s.launcher.programBci().ticksAtEntry(l.method())) {
      return new StopAddress(p, at, 1);
    }
    Position from = new Position(p.event(), ticks && p.tick() != 1 ? p.tick() : 0, false);
    return new StopAddress(from, at, counted(from, at));
  }

  /** How many times {@code at} is reached from {@code from} up to the current stop, by a replay of the history. */
  private long counted(Position from, CodeLocation at) {
    Rung r = null;
    for (Rung rung : s.ladder.on(s.history())) {
      if (!from.before(rung.position())) {
        r = rung;
        break;
      }
    }
    long[] arrivals = {0};
    try (Driver d = RungJvms.reach(s, r)) {
      d.searchWith(List.of(at), (ordinal, e, index) -> {
        Position p = d.target().observedAt();
        if (p.event() > from.event() || p.event() == from.event() && (from.tick() == 0 || p.tick() >= from.tick())) {
          arrivals[0]++;
        }
        return false;
      });
      Stop end = d.continueAlong(r, s.history(), s.specs);
      if (end.interrupted()) {
        throw new Interrupted();
      }
    } finally {
      s.running(null);
    }
    return arrivals[0];
  }
}
