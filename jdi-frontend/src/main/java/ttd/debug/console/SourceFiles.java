package ttd.debug.console;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Location;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The program's sources, found along {@code --sourcepath} (as jdb's {@code -sourcepath}). */
public final class SourceFiles {

  private final List<Path> roots = new ArrayList<>();
  private final Map<String, List<String>> cache = new HashMap<>();

  public SourceFiles(String sourcepath) {
    if (sourcepath != null) {
      for (String p : sourcepath.split(java.io.File.pathSeparator)) {
        if (!p.isEmpty()) {
          roots.add(Paths.get(p));
        }
      }
    }
  }

  public boolean configured() {
    return !roots.isEmpty();
  }

  /** The lines of the file holding {@code l}, or null if it is not on the source path. */
  public List<String> linesOf(Location l) {
    String relative;
    try {
      relative = l.sourcePath();
    } catch (AbsentInformationException e) {
      return null;
    }
    return cache.computeIfAbsent(relative, this::read);
  }

  private List<String> read(String relative) {
    for (Path root : roots) {
      Path f = root.resolve(relative);
      if (Files.isRegularFile(f)) {
        try {
          return Files.readAllLines(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
          return null;
        }
      }
    }
    return null;
  }

  /** One source line as jdb shows it ({@code 45 => ...} for the current line), or null. */
  public String line(Location l, int number, boolean current) {
    List<String> lines = linesOf(l);
    if (lines == null || number < 1 || number > lines.size()) {
      return null;
    }
    String n = Integer.toString(number);
    return n + (current ? " => " : "    ") + " ".repeat(Math.max(0, 4 - n.length())) + lines.get(number - 1);
  }
}
