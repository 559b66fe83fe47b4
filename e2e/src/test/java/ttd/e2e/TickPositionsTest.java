package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Positions between events on the route-planner sample, whose search runs for a long stretch of
 * the recording without a single event (a clock read before it, one after it): {@code goto} to a
 * tick in the middle of that stretch and {@code when} agree, forwards in the same replay and
 * backwards in another, a checkpoint there is restarted at the same tick by the replay JVM parked
 * there (not a replay from the start), and a reverse-continue
 * from the end starts from a rung of the ladder that lies between the two events and lands on the
 * last write of the best round; one to the start of the search goes down those rungs segment by
 * segment; the index of hits finds that last write too and lands on it from a rung between the
 * events.
 */
class TickPositionsTest {

  private static final String PLANNER = "ttd.samples.compute.RoutePlanner";
  private static final Memo<Path> RECORDINGS = new Memo<>();
  /** Rungs by position (100 000 ticks back from a stop, then twice, four, eight times as far): the same on any machine. */
  private static final String RUNGS = "-Dttd.debug.rungTicks=100000";

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  private static Path recording(Jvm jvm) {
    return RECORDINGS.get(jvm.java(), () -> {
      Path recording = Scratch.dir("route-planner-" + jvm.label()).resolve("recording");
      Outcome recorded = TtdRun.record(jvm, recording, TtdRun.samplesClassPath(false), PLANNER);
      assertEquals(0, recorded.exitStatus(), recorded.describe());
      assertTrue(recorded.stdout().contains("from restart 40 of 40"), "the bug: the last restart always wins" + recorded.describe());
      return recording;
    });
  }

  /** The event index of the clock read that starts the search (the stretch lies after it). */
  private static long searchStart(Jvm jvm, Path recording) {
    Outcome events = TtdRun.cli(jvm, recording.toAbsolutePath().getParent(), "events", recording.toAbsolutePath().toString());
    Matcher m = Pattern.compile("^\\s+(\\d+)  main  CLOCK_NANOS \\d+ at " + Pattern.quote(PLANNER) + "\\.main\\(", Pattern.MULTILINE).matcher(events.stdout());
    assertTrue(m.find(), "no clock read in main:" + events.describe());
    return Long.parseLong(m.group(1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void gotoATickBetweenEventsAndWhenAgreeAndRestartReturnsThere(Jvm jvm) {
    Path recording = recording(jvm);
    long e = searchStart(jvm, recording);
    String early = e + ".3000000";
    String later = e + ".6000000";
    DebugConsole c = DebugConsole.run(jvm, recording, List.of("-Dttd.debug.traceRungs=true"),
        "goto " + early,
        "when",
        "where",
        "checkpoint",
        "goto " + later,
        "when",
        "restart 1",
        "when",
        "where",
        "goto " + e + ".99999999999",
        "quit");
    assertEquals("(a replay from the start)", c.first(0, "goto " + early), c.describe());
    assertTrue(c.firstUntraced(0, "goto " + early).matches("Stopped at position " + Pattern.quote(early) + ": \"thread=main\", " + Pattern.quote(PLANNER) + "\\.\\w+\\(\\), line=\\d+ bci=\\d+"),
        "a goto backwards (from the start) to a tick of the search:" + c.describe());
    assertTrue(c.first(1, "when").matches("position " + Pattern.quote(early) + "@\\d+:\\d+(?:/[\\w$<>]+)? \\(event " + e + ", tick 3000000\\)"), c.describe());
    List<String> stack = c.after(2, "where");
    assertTrue(stack.get(stack.size() - 1).contains(PLANNER + ".main"), "the goto stepped out of ttd's frames into the program's:" + c.describe());
    assertTrue(c.first(3, "checkpoint").matches("Checkpoint 1 at position " + Pattern.quote(early) + "@\\d+:\\d+(?:/[\\w$<>]+)?: .*"), c.describe());
    assertTrue(c.first(4, "goto " + later).startsWith("Stopped at position " + later + ": "), "a goto forwards in the same replay, to a later tick after the same event:" + c.describe());
    assertTrue(c.first(5, "when").matches("position " + Pattern.quote(later) + "@\\d+:\\d+(?:/[\\w$<>]+)? \\(event " + e + ", tick 6000000\\)"), c.describe());
    assertEquals("(a replay JVM parked there)", c.first(6, "restart 1"), "the checkpoint's own JVM, parked at its tick:" + c.describe());
    assertTrue(c.firstUntraced(6, "restart 1").startsWith("Restarted at checkpoint 1: "), c.describe());
    assertEquals(c.first(1, "when"), c.first(7, "when"), "restart returned to the same stop:" + c.describe());
    assertEquals(stack, c.after(8, "where"), "restart returned to the same point of the same frames:" + c.describe());
    assertTrue(c.first(9, "goto " + e + ".99999999999").startsWith("No tick 99999999999 after event " + e + " (the next event comes first); stopped after event " + (e + 1) + ": "),
        c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  /**
   * The ladder places rungs 100 000 ticks back from the stop and twice, four and eight times as far
   * (by position, the same on any machine); with events only before and after the search, those
   * lie between the two events. The
   * console says which rung each replay of the search starts from ({@code ttd.debug.traceRungs}).
   * JDK 25 is left out: the ladder starts replay JVMs in the background, and the positions it
   * uses are the ones the first test checks on both JDKs.
   */
  @Test
  void reverseContinueStartsFromARungBetweenEventsAndLandsOnTheLastWrite() {
    Jvm jvm = Jvm.current();
    Path recording = recording(jvm);
    long e = searchStart(jvm, recording);
    String[] script = {
      "stop in " + PLANNER + ".report",
      "run",
      "stop in " + PLANNER + ".adopt",
      "reverse-continue",
      "print restart",
      "when",
      "clear " + PLANNER + ".adopt",
      "stop in " + PLANNER + ".plan",
      "reverse-continue",
      "when",
      "quit",
    };
    DebugConsole c = DebugConsole.run(jvm, recording, List.of(RUNGS, "-Dttd.debug.traceRungs=true"), script);
    List<String> search = c.after(3, "reverse-continue");
    Pattern trace = Pattern.compile("^\\(a replay from the rung at position (\\d+)\\.(\\d+)\\)$");
    List<String> replays = search.stream().filter(l -> l.startsWith("(a replay from ")).toList();
    assertTrue(replays.size() >= 2, "a scan and a landing:" + c.describe());
    Matcher rung = trace.matcher(replays.get(replays.size() - 1));
    assertTrue(rung.matches(), "the landing started from a rung:" + c.describe());
    assertEquals(e, Long.parseLong(rung.group(1)), "the rung lies after the clock read that starts the search:" + c.describe());
    long rungTick = Long.parseLong(rung.group(2));
    assertTrue(rungTick > 0, "the rung lies between events:" + c.describe());
    assertTrue(search.stream().anyMatch(l -> l.matches("Breakpoint hit: \"thread=main\", " + Pattern.quote(PLANNER) + "\\.adopt\\(\\), line=\\d+ bci=\\d+")), c.describe());
    assertEquals(" restart = 39", c.first(4, "print restart"), "the last restart's write, the one the program printed:" + c.describe());
    Matcher landed = Pattern.compile("^position (\\d+)\\.(\\d+)@\\d+:\\d+(?:/[\\w$<>]+)? \\(event \\d+, tick \\d+\\)$").matcher(c.first(5, "when"));
    assertTrue(landed.matches(), c.describe());
    assertEquals(e, Long.parseLong(landed.group(1)), c.describe());
    assertTrue(Long.parseLong(landed.group(2)) > rungTick, "the hit lies after the rung the search started from:" + c.describe());
    List<String> down = c.after(8, "reverse-continue");
    assertTrue(down.stream().filter(l -> trace.matcher(l).matches()).count() >= 2,
        "the search went down the rungs between the events, segment by segment:" + c.describe());
    assertTrue(down.stream().anyMatch(l -> l.matches("Breakpoint hit: \"thread=main\", " + Pattern.quote(PLANNER) + "\\.plan\\(\\), line=\\d+ bci=\\d+")), c.describe());
    Matcher start = Pattern.compile("^position (\\d+)\\.(\\d+)@\\d+:\\d+(?:/[\\w$<>]+)? \\(event \\d+, tick \\d+\\)$").matcher(c.first(9, "when"));
    assertTrue(start.matches() && Long.parseLong(start.group(1)) == e && Long.parseLong(start.group(2)) < rungTick,
        "the search's first call, below every rung of the stretch:" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());

    String[] upToTheLastWrite = Arrays.copyOf(script, 7);
    upToTheLastWrite[6] = "quit";
    DebugConsole indexed = DebugConsole.run(jvm, recording,
        List.of(RUNGS, "-Dttd.debug.traceRungs=true", "-Dttd.debug.hitIndex=true", "-Dttd.debug.awaitIndex=true"),
        upToTheLastWrite);
    List<String> looked = indexed.after(3, "reverse-continue");
    assertEquals(1, looked.stream().filter(l -> l.startsWith("(a replay from ")).count(), "the index answered pass 1:" + indexed.describe());
    Matcher from = trace.matcher(looked.get(0));
    assertTrue(from.matches() && Long.parseLong(from.group(1)) == e && Long.parseLong(from.group(2)) > 0,
        "the landing started from a rung between the events, its hit counted from there:" + indexed.describe());
    assertEquals(" restart = 39", indexed.first(4, "print restart"), indexed.describe());
    assertEquals(c.first(5, "when"), indexed.first(5, "when"), "the same hit as the scan's:" + indexed.describe());
  }
}
