package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Reverse searches that start from a rung of the checkpoint ladder (a replay JVM paused at a
 * position (event, tick) along the history), or that look their hit up in the index of hits and land from
 * the nearest rung, land exactly where the same searches from the start of the recording land:
 * the same stop line, the same values, the same event. The program reads the
 * clock in every iteration (so there are events all along), posts to a ledger now and then (hits
 * in the segment above the nearest rung) and passes a milestone half way (a hit several segments
 * down, which a search reaches segment by segment). The counts printed at each landing name the
 * exact hit (the 99th, 98th post; the milestone after the 49th), which a scan from the start found
 * too when this was written; a scan from the start is left out here because each console starts
 * up to a dozen replay JVMs, and so is JDK 25: the ladder and the index are the console's, the
 * same on both JDKs, whose replay positions the other console tests cover. The rungs lie where
 * positions alone say ({@code ttd.debug.rungTicks}), so that the test does not depend on the
 * machine's speed.
 */
class ReverseFromCheckpointTest {

  private static final String LEDGER = String.join("\n",
      "public final class Ledger {",
      "  static long balance;",
      "  static int entries;",
      "",
      "  static void post(long amount) {",
      "    balance += amount;",
      "    entries++;",
      "  }",
      "",
      "  static void milestone(int i) {",
      "    System.out.println(\"half way, \" + entries + \" entries\");",
      "  }",
      "",
      "  static void close(long total) {",
      "    System.out.println(\"closed \" + total + \" after \" + entries + \" entries\");",
      "  }",
      "",
      "  public static void main(String[] args) {",
      "    long x = 7;",
      "    for (int i = 1; i <= 10000; i++) {",
      "      for (int k = 0; k < 4000; k++) {",
      "        x = x * 6364136223846793005L + 1442695040888963407L;",
      "      }",
      "      long t = System.nanoTime();",
      "      if (i == 5000) {",
      "        milestone(i);",
      "      }",
      "      if (i % 100 == 0) {",
      "        post((x ^ t) & 0xff);",
      "      }",
      "    }",
      "    close(balance);",
      "  }",
      "}",
      "");

  /**
   * Rungs placed by position, 40 000 ticks (about ten iterations) back from the stop at {@code
   * close}, then 20, 40 and 80 iterations back: where the replay passed, whatever the machine's
   * load (rungs placed by replay time did not exist at all when the load starved the console's
   * samples: "rungs [0], landed after event 10001").
   */
  private static final String RUNGS = "-Dttd.debug.rungTicks=40000";

  private static final String[] SCRIPT = {
    "stop in Ledger.close",
    "run",
    "stop in Ledger.post",
    "info checkpoints",
    "reverse-continue",
    "print balance",
    "print entries",
    "when",
    "reverse-continue",
    "print entries",
    "when",
    "clear Ledger.post",
    "stop in Ledger.milestone",
    "reverse-continue",
    "print entries",
    "when",
    "quit",
  };

  @Test
  void reverseContinueFromALadderRungOrTheIndexLandsOnTheSameHitsAsAFullScan() {
    Jvm jvm = Jvm.current();
    Path work = Scratch.dir("reverse-from-rung-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Ledger", LEDGER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Ledger");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    DebugConsole fromRung = DebugConsole.run(jvm, recording, List.of(RUNGS, "-Dttd.debug.hitIndex=false"), SCRIPT);
    DebugConsole indexed = DebugConsole.run(jvm, recording, List.of(RUNGS, "-Dttd.debug.hitIndex=true", "-Dttd.debug.awaitIndex=true"), SCRIPT);

    List<Long> rungs = rungEvents(fromRung.after(3, "info checkpoints"));
    assertFalse(rungs.isEmpty(), "the run left rungs on the ladder:" + fromRung.describe());

    for (DebugConsole c : List.of(fromRung, indexed)) {
      assertTrue(c.first(4, "reverse-continue").matches("Breakpoint hit: \"thread=main\", Ledger\\.post\\(\\), line=6 bci=\\d+"), c.describe());
      assertEquals(" entries = 99", c.first(6, "print entries"), "the last post before close:" + c.describe());
      assertEquals(" entries = 98", c.first(9, "print entries"), "the post before that:" + c.describe());
      assertTrue(c.first(13, "reverse-continue").matches("Breakpoint hit: \"thread=main\", Ledger\\.milestone\\(\\), line=\\d+ bci=\\d+"), c.describe());
      assertEquals(" entries = 49", c.first(14, "print entries"), "half way, far below the rungs near the end:" + c.describe());
      assertEquals(0, c.outcome().exitStatus(), c.describe());
    }
    for (int n : new int[] {4, 5, 6, 7, 8, 9, 10, 13, 14, 15}) {
      assertEquals(fromRung.after(n, SCRIPT[n]), indexed.after(n, SCRIPT[n]),
          "command " + n + " (" + SCRIPT[n] + ") printed the same from the index of hits as from a rung:" + indexed.describe());
    }
    long landed = Long.parseLong(fromRung.group(7, "when", "^position \\S+ \\(event (\\d+), tick \\d+\\)$"));
    assertTrue(rungs.stream().anyMatch(r -> r > 0 && r <= landed),
        "a rung of the run (not the one at its first event) lies before the landing (rungs " + rungs + ", landed after event " + landed + ")");
  }

  private static List<Long> rungEvents(List<String> lines) {
    Pattern p = Pattern.compile("^  position (\\d+)\\.\\d+ \\(");
    List<Long> events = new ArrayList<>();
    for (String l : lines) {
      Matcher m = p.matcher(l);
      if (m.find()) {
        events.add(Long.parseLong(m.group(1)));
      }
    }
    return events;
  }
}
