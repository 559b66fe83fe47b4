package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions shared by the tests that compare a replay with its recording. */
public final class ReplayAssertions {

  private ReplayAssertions() {}

  /**
   * The replay printed exactly the recorded stdout and stderr (compared as text for a readable
   * diff, then as bytes) and exited with the recorded status.
   */
  public static void assertSameOutput(Outcome recorded, Outcome replayed, String what) {
    String context = what + "\nrecorded:" + recorded.describe() + "\nreplayed:" + replayed.describe();
    assertEquals(recorded.stdout(), replayed.stdout(), "stdout differs, " + context);
    assertEquals(recorded.stderr(), replayed.stderr(), "stderr differs, " + context);
    assertArrayEquals(recorded.stdoutBytes(), replayed.stdoutBytes(), "stdout bytes differ, " + context);
    assertArrayEquals(recorded.stderrBytes(), replayed.stderrBytes(), "stderr bytes differ, " + context);
    assertEquals(recorded.exitStatus(), replayed.exitStatus(), "exit status differs, " + context);
  }

  /**
   * The replay printed what was recorded, or, if the recording stopped because its baton holder
   * got stuck on a monitor of the JDK code {@code jdkCode} names (a limitation docs/compat.md
   * lists), the replay ran up to the same point and stopped there with the same report: its stdout
   * is the start of the recorded one, it exits 87 and names the same JDK code. A stop anywhere else
   * fails.
   */
  public static void assertSameOutputOrSameStop(Outcome recorded, Outcome replayed, String jdkCode, String what) {
    if (!recorded.stderr().contains("holds the scheduler's baton but has been blocked on a monitor")) {
      assertSameOutput(recorded, replayed, what);
      return;
    }
    String context = what + "\nrecorded:" + recorded.describe() + "\nreplayed:" + replayed.describe();
    String named = "ttd cannot schedule " + jdkCode;
    assertTrue(recorded.stderr().contains(named) && recorded.stderr().contains("the recording is marked incomplete"),
        "the recording stopped elsewhere than at " + jdkCode + ", " + context);
    assertEquals(87, replayed.exitStatus(), "exit status of the stopped recording's replay, " + context);
    assertTrue(replayed.stderr().contains(named) && replayed.stderr().contains("the recording stopped at this point too"),
        "the replay did not stop where the recording did, " + context);
    assertTrue(recorded.stdout().startsWith(replayed.stdout()),
        "the replay printed what the recording did not, " + context);
  }

  /** A recording that exited 0 printed EXIT-SUCCESS last (the samples' own success marker). */
  public static void assertSuccessMeansExitSuccess(Outcome recorded) {
    if (recorded.exitStatus() == 0) {
      assertTrue(
          recorded.stdout().endsWith("EXIT-SUCCESS\n"),
          "exit status 0 but stdout does not end with EXIT-SUCCESS:" + recorded.describe());
    }
  }
}
