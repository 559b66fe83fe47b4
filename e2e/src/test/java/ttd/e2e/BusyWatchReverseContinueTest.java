package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A reverse-continue with a field watch, piped (no ladder, no index of hits), after a million
 * writes of the field: it lands on the last write before the stop, hundreds of ticks back in
 * another thread, where {@code history --last 1} lists it, and a second one on the write before
 * that, the last of main's loop (the values are the program's own arithmetic). It used to replay
 * the whole recording with the watch set, so every write was a debugger event in an interpreted
 * JVM (docs/console-known-gaps.md had it run for more than 12 minutes on the Jackson corpus
 * program); it now scans windows back from the stop. No answer here depends on speed, but the old
 * scan of this recording outlasted {@link Exec#TIMEOUT} on both JDKs (load 4 to 8).
 */
class BusyWatchReverseContinueTest {

  /** How many times Tally's loop writes the watched field. */
  private static final int WRITES = 1_000_000;

  private static final String TALLY = String.join("\n",
      "public final class Tally {",
      "  static long n;",
      "",
      "  static long mix(long x) {",
      "    return x * 6364136223846793005L + 1442695040888963407L;",
      "  }",
      "",
      "  public static void main(String[] args) throws Exception {",
      "    for (int i = 0; i < " + WRITES + "; i++) {",
      "      n = mix(n);", // line 10
      "    }",
      "    Thread finisher = new Thread(() -> { spin(100); n = -7; }, \"finisher\");", // line 12
      "    finisher.start();",
      "    finisher.join();",
      "    long h = spin(300);", // hundreds of ticks without a write between the last one and the stop
      "    System.out.println(\"n \" + n + \" h \" + h);", // line 16
      "  }",
      "",
      "  static long spin(int rounds) {",
      "    long h = 0;",
      "    for (int i = 0; i < rounds; i++) {",
      "      h = mix(h) ^ i;",
      "    }",
      "    return h;",
      "  }",
      "}",
      "");

  private static final String[] SCRIPT = {
    "stop at Tally:16",
    "run",
    "history Tally.n --last 1",
    "watch Tally.n",
    "reverse-continue",
    "when",
    "reverse-continue",
    "quit",
  };

  private static final Pattern ROW = Pattern.compile("  position (\\S+) \"thread=(\\S+)\", (Tally\\.\\S+\\(\\)), line=(\\d+) bci=(\\d+): (\\S+ -> \\S+)");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aPipedReverseContinueWithABusyWatchLandsOnTheWritesHistoryLists(Jvm jvm) {
    Path work = Scratch.dir("busy-watch-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Tally", TALLY);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Tally");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording, SCRIPT);
    Matcher last = null;
    for (String line : c.after(2, SCRIPT[2])) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        last = m;
      }
    }
    assertTrue(last != null, "history lists the last write" + c.describe());
    long beforeLast = 0;
    for (int i = 0; i < WRITES - 1; i++) {
      beforeLast = mix(beforeLast);
    }
    assertEquals(List.of("finisher", "12", mix(beforeLast) + " -> -7"), List.of(last.group(2), last.group(4), last.group(6)),
        "the finisher's write" + c.describe());

    assertLandsOn(c, last, 4, 5);
    assertEquals(List.of("Watchpoint hit: \"thread=main\", Tally.main(), line=10", "  n: " + beforeLast + " -> " + mix(beforeLast)),
        List.of(c.first(6, SCRIPT[6]).replaceAll(" bci=\\d+$", ""), c.after(6, SCRIPT[6]).get(1)), "the loop's last write" + c.describe());
    assertFalse(c.outcome().stdout().contains("\tat "), "a stack trace:" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  /** Tally's {@code mix}. */
  private static long mix(long x) {
    return x * 6364136223846793005L + 1442695040888963407L;
  }

  /** The reverse-continue at {@code n} stops on the write of {@code row}, and {@code when} at {@code n + 1} is at its position. */
  private static void assertLandsOn(DebugConsole c, Matcher row, int n, int when) {
    List<String> hit = c.after(n, SCRIPT[n]);
    String expected = "Watchpoint hit: \"thread=" + row.group(2) + "\", " + row.group(3) + ", line=" + row.group(4) + " bci=" + row.group(5);
    assertEquals(List.of(expected, "  n: " + row.group(6)), hit, "reverse-continue " + n + c.describe());
    assertTrue(c.first(when, SCRIPT[when]).startsWith("position " + row.group(1) + " "), "where history listed the write" + c.describe());
  }
}
