package ttd.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * A second local user, for the tests where another account records, plants files or races: made
 * with {@code useradd} (no home, no login shell) when the tests run as root, as they do here and
 * in CI; elsewhere a test that needs one is skipped and says why. Commands run as that user with
 * util-linux {@code runuser}.
 */
final class OtherUser {

  static final String NAME = "ttd-e2e-other";

  private OtherUser() {}

  /** Whether the tests run as root (uid 0). */
  static boolean runningAsRoot() {
    try {
      return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Makes sure the user exists; skips the calling test (with the reason) when it cannot. */
  static synchronized void require() {
    Assumptions.assumeTrue(runningAsRoot(),
        "skipped: a second local user is needed, and only root can create one (the tests run as "
            + System.getProperty("user.name") + ")");
    if (Exec.run(List.of("id", "-u", NAME), Scratch.root()).exitStatus() == 0) {
      return;
    }
    Outcome made = Exec.run(List.of("useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", NAME), Scratch.root());
    Assumptions.assumeTrue(made.exitStatus() == 0 || Exec.run(List.of("id", "-u", NAME), Scratch.root()).exitStatus() == 0,
        "skipped: useradd " + NAME + " failed:" + made.describe());
    // sharedDir opens the scratch tree up to the root's parent; what is above must let others through
    Path above = Scratch.root().getParent().getParent();
    Assumptions.assumeTrue(run(Path.of("/"), List.of("test", "-x", above.toString())).exitStatus() == 0,
        "skipped: " + NAME + " cannot enter " + above + " (a directory above it is closed to other users);"
            + " run the tests from a checkout other users can traverse");
  }

  /** The user's number. */
  static int uid() {
    return Integer.parseInt(Exec.run(List.of("id", "-u", NAME), Scratch.root()).stdout().trim());
  }

  /** Runs {@code command} in {@code dir} as the other user. */
  static Outcome run(Path dir, List<String> command) {
    return Exec.run(asUser(command), dir);
  }

  /** Starts {@code command} in {@code dir} as the other user. */
  static Exec start(Path dir, List<String> command) {
    return Exec.start(asUser(command), dir, new byte[0]);
  }

  private static List<String> asUser(List<String> command) {
    List<String> cmd = new ArrayList<>(List.of("runuser", "-u", NAME, "--"));
    cmd.addAll(command);
    return cmd;
  }

  /** A new directory anyone may enter and read (the scratch directories are owner-only). */
  static Path sharedDir(String name) {
    Path dir = Scratch.dir(name);
    openToAll(dir, "rwxr-xr-x");
    for (Path p = dir.getParent(); p != null && p.startsWith(Scratch.root().getParent()); p = p.getParent()) {
      openToAll(p, "rwxr-xr-x");
    }
    return dir;
  }

  /** A directory like the system's temporary one: anyone may create entries, only owners remove them. */
  static Path stickyTmp(Path parent) {
    Path tmp = parent.resolve("tmp");
    try {
      Files.createDirectory(tmp);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Exec.run(List.of("chmod", "1777", tmp.toString()), parent);
    return tmp;
  }

  static void openToAll(Path p, String mode) {
    try {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
