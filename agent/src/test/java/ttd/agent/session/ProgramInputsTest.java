package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Whose file an access is: the program's when the program makes it, whatever the path; not when
 * it is one of the launch's files (the JDK, the class path), which the replay uses as they are.
 */
class ProgramInputsTest {

  @Test
  void devicesProcSysAndTemporaryFilesReadByTheProgramAreItsInputs() {
    for (String path : new String[] {"/dev/urandom", "/dev/random", "/proc/self/status", "/proc/cpuinfo",
        "/sys/devices/system/cpu/online", "/tmp/plugins123/Plugin.class", "/dev/../dev/urandom",
        "relative/name.txt", "/tmp/with\u0000nul"}) {
      assertTrue(ProgramInputs.isProgramsFile(path), path);
    }
  }

  @Test
  void theJdksFilesAndTheClassPathAreTheLaunchsNotInputs() {
    assertFalse(ProgramInputs.isProgramsFile(Path.of(System.getProperty("java.home"), "lib", "tzdb.dat").toString()));
    String entry = System.getProperty("java.class.path").split(File.pathSeparator)[0];
    assertFalse(ProgramInputs.isProgramsFile(entry));
    assertFalse(ProgramInputs.isProgramsFile(Path.of(entry, "ttd", "Some.class").toString()));
    assertTrue(ProgramInputs.isProgramsFile(System.getProperty("java.home") + "-next-door/release"),
        "a sibling of the JDK's directory");
  }

  @Test
  void everyChangeIsTheProgramsAndAChangedLaunchFileIsItsInputFromThenOn() {
    String entry = System.getProperty("java.class.path").split(File.pathSeparator)[0];
    String generated = Path.of(entry, "ttd", "GeneratedByTheProgram.class").toString();
    String untouched = Path.of(entry, "ttd", "LeftAlone.class").toString();
    String jdkFile = Path.of(System.getProperty("java.home"), "lib", "changed-by-the-program").toString();
    assertFalse(ProgramInputs.isProgramsFile(generated), "a class path class file is the launch's");
    assertTrue(ProgramInputs.isProgramsChange(generated), "writing it is the program's");
    assertTrue(ProgramInputs.isProgramsChange(jdkFile), "so is writing into the JDK");
    assertTrue(ProgramInputs.isProgramsChange("/tmp/notes.txt"));
    assertTrue(ProgramInputs.isProgramsFile(generated), "once written, reading it is the program's input");
    assertTrue(ProgramInputs.isProgramsFile(jdkFile));
    assertFalse(ProgramInputs.isProgramsFile(untouched), "the launch's other files stay the launch's");
  }
}
