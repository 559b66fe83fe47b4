package ttd.agent.session;

import static ttd.runtime.NativeIoOp.*;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * Changes of the file system (create, delete, rename, links, permissions, owners, times, the
 * kernel's copy behind {@code Files.copy}), through {@code java.nio} and {@code java.io.File}: which of the call's arguments are paths, whether any
 * is the program's, and the logged question. Recording performs the change; replay checks the
 * question and gives the recorded result without performing it, so the files a replay would have
 * touched stay as they are.
 */
final class FileChanges {

  private FileChanges() {}

  /** The paths the change touches, or null if it has none it can name (it then passes through). */
  static String[] paths(ProgramFds fds, int op, Object[] a) {
    List<String> paths = new ArrayList<>(2);
    switch (op) {
      case SYMLINK:
      case UTIMENSAT:
      case FCHMODAT:
        paths.add(String.valueOf(a[1]));
        break;
      case RENAME:
      case LINK:
        paths.add(String.valueOf(a[0]));
        paths.add(String.valueOf(a[1]));
        break;
      case UNLINKAT:
        paths.add(under(fds, a[0], a[1]));
        break;
      case RENAMEAT:
        paths.add(under(fds, a[0], a[1]));
        paths.add(under(fds, a[2], a[3]));
        break;
      case FUTIMES:
      case FUTIMENS:
      case FCHMOD:
      case FCHOWN:
        String fdPath = fds.path((int) a[0]);
        return fdPath == null ? null : new String[] {fdPath};
      case COPY_TRANSFER:
      case COPY_DIRECT:
      case COPY_BUFFERED:
        int at = op == COPY_TRANSFER ? 0 : 1; // target, then source (after the file system)
        String target = fds.path((int) a[at]);
        String source = fds.path((int) a[at + 1]);
        return target == null && source == null ? null : new String[] {String.valueOf(target), String.valueOf(source)};
      case FILE_CREATE:
        paths.add((String) a[1]);
        break;
      case FILE_DELETE:
      case FILE_MKDIR:
      case FILE_SET_TIME:
      case FILE_SET_READ_ONLY:
      case FILE_SET_PERMISSION:
        paths.add(((File) a[1]).getPath());
        break;
      case FILE_RENAME:
        paths.add(((File) a[1]).getPath());
        paths.add(((File) a[2]).getPath());
        break;
      case PREFS_UNLOCK:
        return new String[] {"descriptor " + a[0]}; // the lock's: the replay hands out the recorded number
      default:
        paths.add(String.valueOf(a[0]));
    }
    boolean programs = false;
    for (String p : paths) {
      if (p != null) {
        programs |= ProgramInputs.isProgramsChange(p); // each one: it notes the launch files it changes
      }
    }
    return programs ? paths.toArray(new String[0]) : null;
  }

  private static String under(ProgramFds fds, Object dfd, Object name) {
    String dir = fds.path((int) dfd);
    String n = NativeCalls.latin1((byte[]) name);
    return dir == null ? (n.startsWith("/") ? n : null) : dir + "/" + n;
  }

  /** The logged question: the method, the paths, and the numbers it was given (modes, times). */
  static String key(int op, String[] paths, Object[] a) {
    if (op >= COPY_TRANSFER && op <= COPY_BUFFERED) {
      return NativeCalls.key(op, (Object[]) paths); // descriptors and buffer addresses differ in replay
    }
    List<Object> parts = new ArrayList<>(List.of((Object[]) paths));
    int first = op >= FILE_DELETE ? 1 : 0;
    for (int i = first; i < a.length; i++) {
      if (a[i] instanceof Number || a[i] instanceof Boolean) {
        parts.add(a[i]);
      }
    }
    if (op == UNLINKAT || op == RENAMEAT || op == UTIMENSAT || op == FCHMODAT || op >= FUTIMES && op <= FCHOWN) {
      parts.remove(paths.length); // the directory or file descriptor, which differs in replay
      if (op == RENAMEAT) {
        parts.remove(paths.length);
      }
    }
    return NativeCalls.key(op, parts.toArray());
  }
}
