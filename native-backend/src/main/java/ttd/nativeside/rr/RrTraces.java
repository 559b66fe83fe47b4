package ttd.nativeside.rr;

import java.nio.file.Files;
import java.nio.file.Path;

/** Tells an rr trace directory from a ttd recording. */
public final class RrTraces {

  private RrTraces() {}

  /** Whether {@code dir} looks like an rr trace: rr writes a {@code version} and an {@code events} file into each. */
  public static boolean isTrace(Path dir) {
    return Files.isDirectory(dir) && Files.isRegularFile(dir.resolve("version")) && Files.exists(dir.resolve("events"));
  }
}
