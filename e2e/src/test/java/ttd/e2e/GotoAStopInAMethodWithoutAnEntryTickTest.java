package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A stop in a method that does not tick at its entry (the JDK's code, which is not instrumented;
 * a bridge the compiler generated, stopped at before its entry tick) is named by a position that
 * {@code goto} in a fresh console returns to exactly: the place names the method too, so another
 * method at the same depth and bci in the same tick (a pool's shutdown, a leaf called just before
 * the bridge) is not taken for it, and the walk to it enters the JDK's code.
 */
class GotoAStopInAMethodWithoutAnEntryTickTest {

  static final String POOL = String.join("\n",
      "import java.util.concurrent.*;",
      "public class Pool {",
      "  public static void main(String[] args) throws Exception {",
      "    ExecutorService pool = Executors.newFixedThreadPool(1);",
      "    Future<Integer> f = pool.submit(() -> 6 * 7);",
      "    System.out.println(\"answer \" + f.get());",
      "    pool.shutdown();",
      "    pool.awaitTermination(10, TimeUnit.SECONDS);",
      "  }",
      "}",
      "");

  static final String BRIDGE = String.join("\n",
      "public class Bridge {",
      "  abstract static class Loader<K> { abstract Long load(K key); }",
      "  static final Object UNSET = new Object();",
      "  static Object peek() { return UNSET; }",
      "  static Long fetch(Loader<String> loader, String key) {",
      "    Object before = peek();",
      "    return before == UNSET ? loader.load(key) : null;",
      "  }",
      "  public static void main(String[] args) {",
      "    Loader<String> loader = new Loader<>() {",
      "      Long load(String key) {",
      "        return (long) key.length() + System.nanoTime() * 0;",
      "      }",
      "    };",
      "    System.out.println(\"loaded \" + fetch(loader, \"abc\"));",
      "  }",
      "}",
      "");

  private static final Pattern WHEN = Pattern.compile("^position (\\d+\\.\\d+@\\d+:\\d+(?:/[\\w$<>]+)?) \\(event \\d+, tick \\d+\\)$");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void gotoTheWhenOfAWatchHitInThePoolsCodeReturnsToIt(Jvm jvm) {
    Path recording = record(jvm, "Pool", POOL, "answer 42");
    String hit = "^(Watchpoint hit: \"thread=pool-1-thread-1\", java\\.util\\.concurrent\\.ThreadPoolExecutor\\.\\w+\\(\\), line=\\d+ bci=\\d+)$";
    returnsThere(jvm, recording, "watch java.util.concurrent.ThreadPoolExecutor.completedTaskCount", hit);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void gotoTheWhenOfAStopInABridgeReturnsToTheBridgeNotTheLeafBeforeIt(Jvm jvm) {
    Path recording = record(jvm, "Bridge", BRIDGE, "loaded 3");
    returnsThere(jvm, recording, "stop in Bridge$1.load", "^(Breakpoint hit: \"thread=main\", Bridge\\$1\\.load\\(\\), line=\\d+ bci=0)$");
  }

  private static Path record(Jvm jvm, String main, String source, String printed) {
    Path work = Scratch.dir("goto-no-entry-tick-" + main + "-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), main, source);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), main);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains(printed), recorded.describe());
    return recording;
  }

  /** Stops at the first hit of {@code request}, and a fresh console's goto to its {@code when} returns there. */
  private static void returnsThere(Jvm jvm, Path recording, String request, String stopLine) {
    DebugConsole c = DebugConsole.run(jvm, recording, request, "run", "when", "where", "quit");
    String stop = c.group(1, "run", stopLine);
    Matcher when = WHEN.matcher(c.first(2, "when"));
    assertTrue(when.matches(), "when names the stop's place in its tick:" + c.describe());
    String position = when.group(1);
    List<String> stack = c.after(3, "where");

    DebugConsole fresh = DebugConsole.run(jvm, recording, "goto " + position, "where", "when", "quit");
    String place = stop.substring(stop.indexOf(": ") + 2);
    assertEquals("Stopped at position " + position + ": " + place, fresh.firstUntraced(0, "goto " + position), "a console that never stopped there:" + fresh.describe());
    assertEquals(stack, fresh.after(1, "where"), fresh.describe());
    assertTrue(fresh.first(2, "when").startsWith("position " + position + " "), fresh.describe());
    assertEquals(0, fresh.outcome().exitStatus(), fresh.describe());
  }
}
