package ttd.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.UserPrincipal;

/**
 * The user this JVM runs as, by number, as the kernel sees it: what owns ttd's private cache and
 * what names it.
 *
 * <p>Not {@code user.name}: a replay JVM is started with the recording's {@code -Duser.name}, so a
 * property would let a recording (made by anyone) choose whose cache a replay trusts.
 */
final class CurrentUser {

  private final int uid;
  private final UserPrincipal principal;

  private CurrentUser(int uid, UserPrincipal principal) {
    this.uid = uid;
    this.principal = principal;
  }

  /**
   * The owner of {@code /proc/self} (the process's effective user), or, where there is no {@code
   * /proc}, of a file created for the purpose in {@code tmp}.
   */
  static CurrentUser find(Path tmp) throws IOException {
    Path self = Paths.get("/proc/self");
    if (Files.isDirectory(self)) {
      return of(self);
    }
    Path probe = Files.createTempFile(tmp, "ttd-whoami-", ".tmp");
    try {
      return of(probe);
    } finally {
      Files.deleteIfExists(probe);
    }
  }

  private static CurrentUser of(Path owned) throws IOException {
    return new CurrentUser((Integer) Files.getAttribute(owned, "unix:uid"), Files.getOwner(owned));
  }

  int uid() {
    return uid;
  }

  /** Whether {@code owner} is this user (principals compare by number). */
  boolean owns(UserPrincipal owner) {
    return principal.equals(owner);
  }
}
