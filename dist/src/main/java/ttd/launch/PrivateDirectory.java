package ttd.launch;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A directory opened without following links, whose owner and mode are checked on the open
 * descriptor rather than on a path that another user could swap between the check and the use.
 *
 * <p>ttd's cache lives in the shared temporary directory, where any local user can create a name
 * first. So every directory on the way to it must be one in which nobody else can rename entries
 * (owned by root or this user, and not writable by others unless sticky: {@link #openShared}); the
 * cache's own directories are opened relative to their parent's descriptor with {@code O_NOFOLLOW}
 * ({@link SecureDirectoryStream}), must belong to this user and are made owner-only ({@link
 * #child}). Anything else under the cache's name (a link, a file, another user's directory) is
 * refused in one sentence, never followed or reused.
 */
final class PrivateDirectory implements Closeable {

  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
  /** How often a directory that vanished between its creation and its opening is created again. */
  private static final int CREATE_ATTEMPTS = 16;

  private final Path path;
  private final SecureDirectoryStream<Path> dir;
  private final boolean wasOpenToOthers;

  private PrivateDirectory(Path path, SecureDirectoryStream<Path> dir, boolean wasOpenToOthers) {
    this.path = path;
    this.dir = dir;
    this.wasOpenToOthers = wasOpenToOthers;
  }

  /**
   * Opens the shared directory {@code tmp} (the temporary directory) after checking that no user
   * but {@code me} and root can rename or replace anything on its path.
   */
  static PrivateDirectory openShared(Path tmp, CurrentUser me) throws IOException {
    Path real = tmp.toRealPath();
    for (Path p = real; p != null; p = p.getParent()) {
      int uid = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
      int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      boolean othersWrite = (mode & 0022) != 0;
      boolean sticky = (mode & 01000) != 0;
      if (uid != 0 && uid != me.uid() || othersWrite && !sticky) {
        throw new IOException(
            p + " can be changed by other users, so ttd cannot keep its libraries safely under "
                + tmp + "; set TMPDIR to a directory only you (and root) can change");
      }
    }
    DirectoryStream<Path> stream = Files.newDirectoryStream(real);
    if (!(stream instanceof SecureDirectoryStream)) {
      stream.close();
      throw new IOException("this platform cannot open directories without following links");
    }
    return new PrivateDirectory(real, (SecureDirectoryStream<Path>) stream, false);
  }

  /**
   * Opens the directory {@code name} in this one, creating it owner-only first when {@code create}
   * is set; null if it does not exist and is not to be created. It must be a directory (not a
   * link) that belongs to {@code me}; if its mode let other users in, it is made owner-only and
   * {@link #wasOpenToOthers()} says so.
   */
  PrivateDirectory child(String name, CurrentUser me, boolean create) throws IOException {
    Path child = path.resolve(name);
    SecureDirectoryStream<Path> opened = null;
    for (int attempt = 0; opened == null; attempt++) {
      if (create) {
        try {
          Files.createDirectory(child, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException e) {
          // made by an earlier run, or something to refuse below
        }
      }
      try {
        opened = dir.newDirectoryStream(Paths.get(name), LinkOption.NOFOLLOW_LINKS);
      } catch (NoSuchFileException e) {
        if (!create) {
          return null;
        }
        if (attempt == CREATE_ATTEMPTS) {
          // what was there when the creation failed is gone again, each time: someone keeps swapping it
          throw new IOException(child + " keeps appearing and vanishing as ttd creates it; another user may be"
              + " interfering: set TMPDIR to a directory of your own");
        }
      } catch (FileSystemException e) {
        throw new IOException(
            child + " is not a directory of yours (it is a link or a file); remove it, or set"
                + " TMPDIR to a directory of your own");
      }
    }
    try {
      PosixFileAttributeView view = opened.getFileAttributeView(PosixFileAttributeView.class);
      PosixFileAttributes attributes = view.readAttributes();
      if (!me.owns(attributes.owner())) {
        throw new IOException(
            child + " belongs to another user (" + attributes.owner().getName() + "); remove it, or"
                + " set TMPDIR to a directory of your own");
      }
      Set<PosixFilePermission> mode = attributes.permissions();
      boolean open = !mode.equals(OWNER_ONLY);
      if (open) {
        view.setPermissions(OWNER_ONLY);
      }
      boolean writable =
          mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE);
      return new PrivateDirectory(child, opened, writable || wasOpenToOthers);
    } catch (IOException | RuntimeException e) {
      opened.close();
      throw e;
    }
  }

  Path path() {
    return path;
  }

  /**
   * Whether another user could have written here (this directory or one above it inside the cache
   * was writable by others when opened), so its contents cannot be trusted.
   */
  boolean wasOpenToOthers() {
    return wasOpenToOthers;
  }

  /** The attributes of {@code name} itself (a link is not followed), or null if there is none. */
  BasicFileAttributes attributes(String name) throws IOException {
    try {
      return dir.getFileAttributeView(Paths.get(name), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .readAttributes();
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /** The bytes of the regular file {@code name} (never through a link), or null if there is none. */
  byte[] read(String name) throws IOException {
    BasicFileAttributes a = attributes(name);
    if (a == null || !a.isRegularFile() || a.size() > Integer.MAX_VALUE - 16) {
      return null;
    }
    try (SeekableByteChannel in =
        dir.newByteChannel(Paths.get(name), Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
      ByteBuffer b = ByteBuffer.allocate((int) in.size());
      while (b.hasRemaining() && in.read(b) >= 0) {
        // reads until full
      }
      return b.array();
    }
  }

  /** Removes {@code name} (a file, or a directory of files) from this directory, without following links. */
  void delete(String name) throws IOException {
    BasicFileAttributes a = attributes(name);
    if (a == null) {
      return;
    }
    if (!a.isDirectory()) {
      dir.deleteFile(Paths.get(name));
      return;
    }
    List<String> names = new ArrayList<>();
    try (SecureDirectoryStream<Path> inner = dir.newDirectoryStream(Paths.get(name), LinkOption.NOFOLLOW_LINKS)) {
      for (Path p : inner) {
        names.add(p.getFileName().toString());
      }
      for (String n : names) {
        inner.deleteFile(Paths.get(n));
      }
    }
    dir.deleteDirectory(Paths.get(name));
  }

  @Override
  public void close() throws IOException {
    dir.close();
  }
}
