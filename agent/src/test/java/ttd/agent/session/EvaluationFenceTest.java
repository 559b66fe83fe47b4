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

  @Test
  void anEvaluationReadsNoFileKeyOfTheProgramsFilesOnEitherJdk() throws Exception {
    try (java.io.FileInputStream in = new java.io.FileInputStream("/dev/null")) {
      java.io.FileDescriptor fd = in.getFD();
      ProgramFds fds = new ProgramFds();
      fds.opened(ProgramFds.number(fd), "/home/u/app.0.log.lck");
      assertRefused(fds, "look at the file system", NativeIoOp.FILE_KEY, new Object(), fd);
      assertRefused(fds, "look at the file system", NativeIoOp.FILE_KEY, fd, new long[2]);
      ReplayPosition.beginEvaluation();
      try {
        EvaluationFence.nativeIo(new ProgramFds(), NativeIoOp.FILE_KEY, new Object[] {fd, new long[2]});
      } finally {
        ReplayPosition.endEvaluation();
      }
    }
  }

  private static void assertRefused(String would, int op, Object... args) {
    assertRefused(new ProgramFds(), would, op, args);
  }

  private static void assertRefused(ProgramFds fds, String would, int op, Object... args) {
    ReplayPosition.beginEvaluation();
    try {
      IOException refused = assertThrows(IOException.class, () -> EvaluationFence.nativeIo(fds, op, args));
      String sentence = "evaluation would " + would + "; a replay cannot perform I/O";
      assertEquals(sentence, refused.getMessage());
      assertEquals(sentence, ReplayPosition.refusal);
    } finally {
      ReplayPosition.endEvaluation();
    }
  }
}
