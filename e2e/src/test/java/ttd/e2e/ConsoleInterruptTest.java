package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C on a terminal interrupts the replay JVM a command runs, here a reverse search's pass
 * (the ladder and the index are off, so the search replays the whole run): the search's JVMs are
 * dropped, the console says it is still where it was, {@code when} answers that position, and
 * Ctrl-D quits. It also ends a reverse-continue's wait for the index of hits it needs. On a pseudo-terminal ({@link TerminalConsole}), with the current JDK only.
 */
class ConsoleInterruptTest {

  /** Hashes for five seconds of its recorded clock between {@code begin} and {@code finish}. */
  private static final String SPINNER = """
      public class Spinner {
        static long rounds;
        public static void main(String[] args) throws Exception {
          java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
          byte[] data = new byte[1024];
          begin();
          long end = System.nanoTime() + 5_000_000_000L;
          while (System.nanoTime() < end) {
            for (int i = 0; i < 20; i++) {
              data = sha.digest(data).length == 32 ? data : new byte[1];
            }
            rounds++;
          }
          finish();
        }
        static void begin() {
          rounds = 0;
        }
        static void finish() {
          System.out.println("rounds " + rounds);
        }
      }
      """;

  /**
   * Hashes for three seconds, counting the rounds in the {@code Tally} kept: a watch on that object's
   * field makes the index's replay run interpreted, for minutes.
   */
  private static final String TALLIES = """
      public class Tallies {
        static final class Tally {
          long rounds;
        }
        static Tally kept = new Tally();
        public static void main(String[] args) throws Exception {
          java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
          byte[] data = new byte[1024];
          long end = System.nanoTime() + 3_000_000_000L;
          while (System.nanoTime() < end) {
            for (int i = 0; i < 20; i++) {
              data = sha.digest(data).length == 32 ? data : new byte[1];
            }
            kept.rounds++;
          }
          finish();
        }
        static void finish() {
          System.out.println("rounds " + kept.rounds);
        }
      }
      """;

  private static final Duration WAIT = Duration.ofSeconds(90);

  /** Ctrl-C on the pty is SIGINT to the console, which a test run that ignores SIGINT passes on. */
  @BeforeEach
  void sigintReachesTheConsole() throws IOException {
    SignalEndTest.assumeDeliverable("INT");
  }

  @Test
  void ctrlCStopsAReverseSearchAndTheConsoleStaysWhereItWas() {
    Jvm jvm = Jvm.current();
    Path work = Scratch.dir("ctrl-c");
    Path classes = JavaSource.compile(work.resolve("classes"), "Spinner", SPINNER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Spinner");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    try (TerminalConsole c = new TerminalConsole(jvm, recording, work,
        List.of("-Dttd.debug.rungSpacingMs=0", "-Dttd.debug.hitIndex=false"))) {
      int at = c.await("`help` lists the commands", 0, WAIT);
      c.type("stop in Spinner.finish\r");
      at = c.await("breakpoint Spinner.finish", at, WAIT);
      c.type("run\r");
      at = c.await("Breakpoint hit: \"thread=main\", Spinner.finish()", at, WAIT);
      String position = when(c, at);
      at = c.await(" (event ", at, WAIT);

      c.type("stop in Spinner.begin\r");
      at = c.await("Set breakpoint Spinner.begin", at, WAIT); // the class is loaded by now
      c.type("reverse-continue\r");
      at = c.await(", at event ", at, WAIT); // the search's first pass is replaying
      interruptStayAndQuit(c, at, position);
    }
  }

  /**
   * A watch on one object, then a goto back before it was typed: a reverse-continue can only judge
   * the object's writes by the index of hits, which it builds and waits for. Ctrl-C ends that
   * wait; the console stays where it was.
   */
  @Test
  void ctrlCEndsTheWaitForTheIndexAndTheConsoleStaysWhereItWas() {
    Jvm jvm = Jvm.current();
    Path work = Scratch.dir("ctrl-c-index");
    Path classes = JavaSource.compile(work.resolve("classes"), "Tallies", TALLIES);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Tallies");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    try (TerminalConsole c = new TerminalConsole(jvm, recording, work,
        List.of("-Dttd.debug.rungSpacingMs=0", "-Dttd.debug.hitIndex=false"))) {
      int at = c.await("`help` lists the commands", 0, WAIT);
      c.type("stop in Tallies.finish\r");
      at = c.await("breakpoint Tallies.finish", at, WAIT);
      c.type("run\r");
      at = c.await("Breakpoint hit: \"thread=main\", Tallies.finish()", at, WAIT);
      c.type("watch kept.rounds\r");
      at = c.await("Set watch modification of kept.rounds (that object only", at, WAIT);
      c.type("goto 0\r");
      at = c.await("Stopped after event 0", at, WAIT);
      String position = when(c, at);
      at = c.await(" (event ", at, WAIT);

      c.type("reverse-continue\r");
      at = c.await("waiting for the index of hits", at, WAIT);
      interruptStayAndQuit(c, at, position);
    }
  }

  /** Types {@code when} after screen offset {@code at} and returns the position it prints. */
  private static String when(TerminalConsole c, int at) {
    c.type("when\r");
    c.await(" (event ", at, WAIT);
    Matcher printed = Pattern.compile("position (\\d+\\.\\d+(?:@\\d+:\\d+(?:/[\\w$<>]+)?)?) \\(event \\d+, tick \\d+\\)").matcher(c.screen());
    assertTrue(printed.find(at), c.screen());
    return printed.group(1);
  }

  /**
   * Ctrl-C while a search runs: the console says it stopped and stays at {@code position}, `when`
   * agrees, and Ctrl-D at the prompt ends it with status 0.
   */
  private static void interruptStayAndQuit(TerminalConsole c, int at, String position) {
    c.type("\u0003");
    at = c.await("interrupted: the search stopped, and the console is still at position " + position, at, WAIT);
    c.type("when\r");
    at = c.await("position " + position + " (event ", at, WAIT);
    c.await(">", at, WAIT); // the prompt: a Ctrl-D typed before JLine reads in raw mode is lost
    for (int tries = 0; tries < 5 && !c.endsWithin(Duration.ofSeconds(3)); tries++) {
      c.type("\u0004");
    }
    assertEquals(0, c.exitStatus(WAIT), c.screen());
  }
}
