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

  /** A recording that exited 0 printed EXIT-SUCCESS last (the samples' own success marker). */
  public static void assertSuccessMeansExitSuccess(Outcome recorded) {
    if (recorded.exitStatus() == 0) {
      assertTrue(
          recorded.stdout().endsWith("EXIT-SUCCESS\n"),
          "exit status 0 but stdout does not end with EXIT-SUCCESS:" + recorded.describe());
    }
  }
}
