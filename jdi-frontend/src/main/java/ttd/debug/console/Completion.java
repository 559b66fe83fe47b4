package ttd.debug.console;

import com.sun.jdi.Field;
import com.sun.jdi.ReferenceType;
import java.util.List;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion: command names first; after a command, the loaded classes of the replay and,
 * after {@code Class.}, that class's fields and methods.
 */
final class Completion implements Completer {

  private final ConsoleSession session;

  Completion(ConsoleSession session) {
    this.session = session;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
    if (line.wordIndex() == 0) {
      for (String c : Help.commands()) {
        candidates.add(new Candidate(c));
      }
      return;
    }
    if (!session.started() || session.ended()) {
      return;
    }
    String word = line.word();
    int dot = word.lastIndexOf('.');
    try {
      for (ReferenceType t : session.driver().target().vm().allClasses()) {
        String n = t.name();
        if (n.startsWith(word) && !n.startsWith("[")) {
          candidates.add(new Candidate(n));
        }
        if (dot > 0 && n.equals(word.substring(0, dot))) {
          for (Field f : t.fields()) {
            candidates.add(new Candidate(n + "." + f.name()));
          }
          t.methods().forEach(m -> candidates.add(new Candidate(n + "." + m.name())));
        }
      }
    } catch (RuntimeException e) {
      // the replay is running or gone: no completion from it now
    }
  }
}
