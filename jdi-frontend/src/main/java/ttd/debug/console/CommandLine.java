package ttd.debug.console;

/**
 * One line typed at a console, split into the command's name and the rest: the JVM console and
 * the native one read their lines the same way.
 *
 * @param name the first word
 * @param args what follows the first space, or empty
 */
public record CommandLine(String name, String args) {

  /** The line's command, or null for a blank line or a {@code #} comment. */
  public static CommandLine parse(String line) {
    String trimmed = line.trim();
    if (trimmed.isEmpty() || trimmed.startsWith("#")) {
      return null;
    }
    int space = trimmed.indexOf(' ');
    return space < 0 ? new CommandLine(trimmed, "") : new CommandLine(trimmed.substring(0, space), trimmed.substring(space + 1));
  }
}
