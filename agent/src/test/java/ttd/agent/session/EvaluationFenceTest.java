package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import ttd.runtime.NativeIoOp;
import ttd.runtime.ReplayPosition;

class EvaluationFenceTest {

  @Test
  void anEvaluationTakesNoPreferencesLockAndChangesNoPreferencesMode() {
    assertRefused("change the file system", NativeIoOp.PREFS_LOCK, "/home/u/.java/.userPrefs/.user.lock.u", 0600, true);
    assertRefused("change the file system", NativeIoOp.PREFS_CHMOD, "/home/u/.java/.userPrefs/prefs.xml", 0600);
  }

  @Test
  void anEvaluationReleasesNoPreferencesLockTheProgramHolds() {
    assertRefused("write to a file", NativeIoOp.PREFS_UNLOCK, 7);
  }

  @Test
  void threadsTtdDoesNotFollowChangeNoPreferencesInAReplayEither() {
    assertTrue(EvaluationFence.changesFileSystem(NativeIoOp.PREFS_LOCK));
    assertTrue(EvaluationFence.changesFileSystem(NativeIoOp.PREFS_CHMOD));
    assertFalse(EvaluationFence.changesFileSystem(NativeIoOp.READ));
  }

  private static void assertRefused(String would, int op, Object... args) {
    ReplayPosition.beginEvaluation();
    try {
      IOException refused = assertThrows(IOException.class, () -> EvaluationFence.nativeIo(new ProgramFds(), op, args));
      String sentence = "evaluation would " + would + "; a replay cannot perform I/O";
      assertEquals(sentence, refused.getMessage());
      assertEquals(sentence, ReplayPosition.refusal);
    } finally {
      ReplayPosition.endEvaluation();
    }
  }
}
