package ttd.agent.session;

import java.io.File;
import java.io.IOException;
import ttd.log.EventKind;
import ttd.runtime.RealFileSystem;

/**
 * What {@code java.io.File} asks the file system about the program's own files: existence and
 * kind, access, length, time, space, listings and canonical paths. Recording logs each answer
 * with the question (operation and path); replay checks the question and gives the logged answer,
 * so it runs where the files are gone. Questions that are not the program's ({@link
 * ProgramInputs}: the JDK's own files, the class path) go to the real file system in both modes.
 */
final class FileSystemQueries {

  private static final String FAILED = "\u0000";

  long query(Exchange s, ThreadState t, RealFileSystem real, Object fs, File f, int arg, int op) {
    if (!ProgramInputs.isProgramsFile(f.getPath())) {
      return real.query(fs, f, arg, op);
    }
    String answer = s.performsRealIo() ? Long.toString(real.query(fs, f, arg, op)) : null;
    return Long.parseLong(s.exchangePair(t, EventKind.FILE_QUERY, op + "," + arg + " " + f.getPath(), answer));
  }

  String[] list(Exchange s, ThreadState t, RealFileSystem real, Object fs, File f) {
    if (!ProgramInputs.isProgramsFile(f.getPath())) {
      return real.list(fs, f);
    }
    String answer = null;
    if (s.performsRealIo()) {
      String[] names = real.list(fs, f);
      answer = names == null ? null : String.join(FAILED, names);
    }
    answer = s.exchangePair(t, EventKind.FILE_LIST, f.getPath(), answer);
    return answer == null ? null : answer.isEmpty() ? new String[0] : answer.split(FAILED, -1);
  }

  String canonicalize(Exchange s, ThreadState t, RealFileSystem real, Object fs, String path)
      throws IOException {
    if (!ProgramInputs.isProgramsFile(path)) {
      return real.canonicalize(fs, path);
    }
    String answer = null;
    if (s.performsRealIo()) {
      try {
        answer = real.canonicalize(fs, path);
      } catch (IOException e) {
        answer = FAILED + e.getMessage();
      }
    }
    answer = s.exchangePair(t, EventKind.FILE_CANONICAL, path, answer);
    if (answer != null && answer.startsWith(FAILED)) {
      throw new IOException(answer.substring(1));
    }
    return answer;
  }
}
