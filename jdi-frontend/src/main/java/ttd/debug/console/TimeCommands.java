package ttd.debug.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import ttd.debug.BadInput;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.requests.Motion;
import ttd.debug.time.Driver;
import ttd.debug.time.Rung;
import ttd.cli.launch.EventListing;
import ttd.cli.launch.RecordedEvents;

/**
 * {@code when}, {@code goto}, {@code timeline}, {@code checkpoint}, {@code restart}, {@code info
 * checkpoints}: positions in the replay, and jumps between them. A jump backwards is a fresh
 * replay JVM (parked at a checkpoint when there is one) replaying the history of that position.
 */
final class TimeCommands {

  private static final int TIMELINE_LINES = 200;

  private final ConsoleSession s;
  private List<RecordedEvents.Event> events;

  TimeCommands(ConsoleSession s) {
    this.s = s;
  }

  void when() {
    Position p = s.position();
    if (!s.started()) {
      s.out.println("position start (the program has not run yet)");
    } else if (p.end()) {
      Stop st = s.stop();
      s.out.println("position end (the program exited" + (st.exitStatus() == null ? "" : " with status " + st.exitStatus()) + ")");
    } else if (s.stop().interrupted()) {
      s.out.println("position after event " + p.event() + " (interrupted: no tick)");
    } else {
      String label = s.name(p);
      s.out.println("position " + label + " (event " + p.event() + ", tick " + p.tick()
          + (label.contains("~") ? "; the " + ordinal(label.substring(label.indexOf('~') + 1)) + " stop this session named at that tick and place: a method that calls nothing can be there twice in one tick" : "")
          + ")");
    }
  }

  private static String ordinal(String n) {
    return n + (n.endsWith("1") && !n.endsWith("11") ? "st" : n.endsWith("2") && !n.endsWith("12") ? "nd" : n.endsWith("3") && !n.endsWith("13") ? "rd" : "th");
  }

  void timeline(String args) {
    EventListing.Filter filter = EventListing.Filter.parse(List.of(args.trim().isEmpty() ? new String[0] : args.trim().split("\\s+")), true);
    if (filter == null) {
      throw new BadInput("timeline takes [--thread NAME] [--kind WORD] [--schedule] [WORD...], e.g. timeline --thread worker STDOUT");
    }
    long current = s.started() && !s.ended() ? s.position().event() : -2;
    List<String> shown = new ArrayList<>();
    EventListing listing = new EventListing(filter, current, line -> {
      if (shown.size() < TIMELINE_LINES) {
        shown.add(line);
      }
    });
    boolean ordered = true;
    for (RecordedEvents.Event e : events()) {
      ordered &= e.global() != -2;
      listing.add(e);
    }
    listing.finish();
    shown.forEach(s.out::println);
    if (listing.lines() > shown.size()) {
      s.out.println("   ... " + (listing.lines() - shown.size()) + " more; narrow the list with timeline --thread NAME, --kind WORD or a WORD");
    }
    if (listing.lines() == 0) {
      s.out.println(args.isBlank() ? "The recording holds no events." : "No recorded event matches '" + args.trim() + "'.");
    }
    if (!ordered) {
      s.out.println("(this recording was made before ttd numbered events in one global order: goto's numbers are not these)");
    }
  }

  private List<RecordedEvents.Event> events() {
    if (events == null) {
      events = RecordedEvents.all(s.launcher.recording());
    }
    return events;
  }

  /** How many events the global order numbers (all of them in a recording made before it). */
  private long numbered() {
    long n = 0;
    for (RecordedEvents.Event e : events()) {
      n = e.global() == -2 ? n + 1 : Math.max(n, e.global() + 1);
    }
    return n;
  }

  void gotoPosition(String arg) {
    String a = arg.trim();
    List<Motion> target = s.named.get(a);
    if (target != null) {
      s.switchTo(s.replayed(target), target, "Went to position " + a);
      return;
    }
    int tilde = a.indexOf('~');
    if (tilde > 0 && Position.parse(a.substring(0, tilde)) != null) {
      throw new BadInput("'" + a + "' names a stop of the console session that printed it (~N counts the stops that session named"
          + " at one place); here, goto " + a.substring(0, tilde) + " goes to the first stop there");
    }
    Position p = Position.parse(a);
    if (p == null) {
      throw new BadInput("bad position '" + a + "': goto takes EVENT, EVENT.TICK or EVENT.TICK@FRAMES:BCI[/METHOD] as `when` prints it, e.g. goto 57 (just after event 57, see timeline), goto 57.1200 (tick 1200 after it) or goto 57.1200@3:402 (the stop there with 3 frames at bci 402)");
    }
    gotoPosition(p);
  }

  private void gotoPosition(Position to) {
    long total = numbered();
    if (to.event() >= total) {
      throw new BadInput("the recording has events 0 to " + (total - 1) + "; there is no event " + to.event());
    }
    Position p = s.position();
    boolean stopped = s.started() && !s.ended() && !s.stop().interrupted();
    ListedWrites.Write write = s.writes.at(to);
    if (write != null && !(stopped && (p.equals(to) || p.at(s.place()).equals(to)) && atAWrite(s.stop()))) {
      gotoWrite(to, write, stopped && p.event() < to.event() && !s.driver().target().perturbed());
      return;
    }
    if (stopped && (p.equals(to) || p.at(s.place()).equals(to))) {
      s.out.println(to.tick() == 0 ? "Already at event " + to.event() : "Already at position " + to.label());
      return;
    }
    Motion m = Motion.gotoPosition(to);
    if (stopped && p.before(to) && !s.driver().target().perturbed()) {
      s.moveTitled(m, st -> arrived(to, st));
      return;
    }
    List<Motion> history = List.of(m);
    Driver d = s.replayed(history);
    s.switchTo(d, history, arrived(to, d.target().last()));
  }

  /**
   * A goto to a write {@code history} listed: forwards in this replay when it is before the
   * write's event, else from the nearest rung before that event (or the start), lands on the write.
   */
  private void gotoWrite(Position to, ListedWrites.Write w, boolean forwards) {
    if (forwards) {
      List<Motion> landing = ListedWrites.landing(null, to, w);
      s.moveTitled(landing, st -> arrived(to, st));
      return;
    }
    List<Motion> history = ListedWrites.landing(ListedWrites.nearestBefore(s.ladder.rungs(), to.event()), to, w);
    Driver d = s.replayed(history);
    s.switchTo(d, history, arrived(to, d.target().last()));
  }

  private static boolean atAWrite(Stop st) {
    return st.events().stream().anyMatch(e -> e instanceof com.sun.jdi.event.ModificationWatchpointEvent);
  }

  /**
   * The title of a goto's stop: where it went, or why it is after the next event instead, or not
   * at the place the position names (that place is not in the tick).
   */
  private String arrived(Position to, Stop st) {
    long at = st.position().event();
    if (to.place() != null && !st.ended() && !to.place().equals(s.place(st))) {
      return "No stop with " + to.place().frames() + " frames at bci " + to.place().bci() + " in tick " + to.tick() + " after event " + to.event()
          + "; stopped at position " + st.position().label();
    }
    if (st.ended() || at == to.event()) {
      return to.tick() == 0 && to.place() == null ? "Stopped after event " + to.event() : "Stopped at position " + to.label();
    }
    return "No tick " + to.tick() + " after event " + to.event() + " (the next event comes first); stopped after event " + at;
  }

  void checkpoint() {
    if (!s.started()) {
      throw new BadInput("the program has not started yet; a checkpoint needs a position (run first)");
    }
    s.requireReproducible();
    Position p = s.position();
    Stop st = s.stop();
    String where = st.ended() ? "after the program ended" : st.thread() == null ? "" : s.printer.where(st.thread(), st.events().get(0).location());
    String label = p.end() ? "end" : s.name(p);
    ConsoleSession.Checkpoint c = new ConsoleSession.Checkpoint(s.checkpoints.size() + 1, p.end() ? p : p.at(s.place()), where, s.history());
    s.checkpoints.add(c);
    s.pool.park(c.history(), s.specs);
    s.out.println("Checkpoint " + c.number() + " at position " + label + ": " + where);
  }

  void restart(String arg) {
    ConsoleSession.Checkpoint c = checkpoint(arg.trim());
    Driver d = s.replayed(c.history());
    s.switchTo(d, c.history(), "Restarted at checkpoint " + c.number());
    s.pool.park(c.history(), s.specs);
  }

  private ConsoleSession.Checkpoint checkpoint(String arg) {
    if (s.checkpoints.isEmpty()) {
      throw new BadInput("there are no checkpoints yet; `checkpoint` saves the current position");
    }
    try {
      int n = Integer.parseInt(arg);
      if (n >= 1 && n <= s.checkpoints.size()) {
        return s.checkpoints.get(n - 1);
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new BadInput("no checkpoint '" + arg + "': checkpoints are numbered 1 to " + s.checkpoints.size() + " (info checkpoints)");
  }

  void info(String what) {
    if (!what.trim().equals("checkpoints")) {
      throw new BadInput("info takes 'checkpoints'");
    }
    if (s.checkpoints.isEmpty()) {
      s.out.println("No checkpoints.");
    }
    for (ConsoleSession.Checkpoint c : s.checkpoints) {
      s.out.println("  " + c.number() + "  position " + c.position().label() + "  " + c.where());
    }
    int[] indexed = s.index.progress();
    if (indexed[1] > 0) {
      s.out.println("Index of hits: " + indexed[0] + " of " + indexed[1] + " breakpoints, catches and watches indexed");
    }
    if (s.index.buildingFirstEntries()) {
      s.out.println("Index of first entries: being built (which methods ran before a position)");
    }
    List<Rung> rungs = s.ladder.rungs();
    if (!rungs.isEmpty()) {
      s.out.println("Ladder (reverse searches start from the nearest of these):");
    }
    for (Rung r : rungs) {
      int[] parked = s.ladder.parked(r);
      s.out.println(String.format(Locale.ROOT, "  position %s (%.1f s into the replay): %d of %d replay JVMs parked%s", r.position().label(), r.runNanos() / 1e9,
          parked[0], parked[1], s.ladder.primed(r) ? " (parked before any run, for every run's first event)"
          : r.on(s.history()) ? "" : " (not on the current history)"));
    }
  }
}
