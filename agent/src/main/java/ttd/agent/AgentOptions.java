package ttd.agent;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The options of {@code -javaagent:ttd.jar=...}: comma-separated {@code key=value} pairs or flags.
 *
 * <p>An unknown or malformed option is rejected with one sentence naming it. The user's options
 * are listed by {@code ttd help} ({@code ttd.cli.AgentOptionsHelp}); e2e {@code CliHelpTest} checks
 * that this parser accepts each one listed.
 */
public final class AgentOptions {

  private String text = "";
  private Path out;
  private Path replay;
  private Instant pinnedClock;
  private Long pinnedSeed;
  private boolean quiet;
  private boolean launcher;
  private boolean chaos;
  private String redact;
  private boolean redactDefault = true;
  private boolean path;
  private boolean refuseNative;
  private String nativeChildren;

  /** Parses the agent's option string; null or empty means all defaults. */
  public static AgentOptions parse(String text) {
    AgentOptions o = new AgentOptions();
    if (text == null || text.isBlank()) {
      return o;
    }
    o.text = text;
    for (String part : text.split(",")) {
      String item = part.trim();
      if (item.isEmpty()) {
        continue;
      }
      int eq = item.indexOf('=');
      String key = eq < 0 ? item : item.substring(0, eq);
      String value = eq < 0 ? null : item.substring(eq + 1);
      switch (key) {
        case "out":
          o.out = path(key, require(key, value));
          break;
        case "replay":
          o.replay = path(key, require(key, value));
          break;
        case "started":
          require(key, value); // the launcher's handshake file, written by ttd.launch.ReplayHandshake
          break;
        case "clock":
          o.pinnedClock = instant(require(key, value));
          break;
        case "seed":
          o.pinnedSeed = number(require(key, value));
          break;
        case "quiet":
          o.quiet = flag(key, value);
          break;
        case "launcher":
          o.launcher = flag(key, value);
          break;
        case "chaos":
          o.chaos = flag(key, value);
          break;
        case "redact":
          o.redact = require(key, value);
          break;
        case "noredactdefault":
          o.redactDefault = !flag(key, value);
          break;
        case "path":
          o.path = flag(key, value);
          break;
        case "refusenative":
          o.refuseNative = flag(key, value);
          break;
        case "nativeChildren":
          o.nativeChildren = require(key, value);
          break;
        default:
          throw new IllegalArgumentException(
              "unknown agent option '" + key + "'; `java -jar ttd.jar help` lists the options");
      }
    }
    return o;
  }

  private static String require(String key, String value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("agent option '" + key + "' needs a value: " + key + "=...");
    }
    return value;
  }

  /** A path the JVM can name: under LANG=C file names are ASCII, and other characters arrive garbled. */
  private static Path path(String key, String value) {
    try {
      return Paths.get(value);
    } catch (java.nio.file.InvalidPathException e) {
      throw new IllegalArgumentException(
          "agent option " + key + "=" + value + " names a path with characters that this locale cannot"
              + " name in file names (" + System.getProperty("sun.jnu.encoding") + "); run the program"
              + " under a UTF-8 locale, e.g. LC_ALL=C.UTF-8");
    }
  }

  private static boolean flag(String key, String value) {
    if (value != null) {
      throw new IllegalArgumentException("agent option '" + key + "' is a flag and takes no value");
    }
    return true;
  }

  private static Instant instant(String value) {
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "agent option clock=" + value + " is not an instant like 2025-01-01T09:00:00Z");
    }
  }

  private static long number(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("agent option seed=" + value + " is not a whole number");
    }
  }

  @Override
  public String toString() {
    return text;
  }

  public Path out() {
    return out;
  }

  public Path replay() {
    return replay;
  }

  public boolean replaying() {
    return replay != null;
  }

  public Instant pinnedClock() {
    return pinnedClock;
  }

  public Long pinnedSeed() {
    return pinnedSeed;
  }

  public boolean quiet() {
    return quiet;
  }

  public boolean launcher() {
    return launcher;
  }

  /** Which environment variables and system properties the recording leaves out. */
  public ttd.agent.session.Redaction redaction() {
    return ttd.agent.session.Redaction.of(redact, redactDefault);
  }

  /** The rr that starts the program's child processes while recording, or null. */
  public String nativeChildren() {
    return nativeChildren;
  }

  /**
   * Whether the program's own native libraries are refused (their load throws {@code
   * UnsatisfiedLinkError}, in record and replay alike), so that a library with a pure-Java
   * fallback uses it and the recording goes on past the load.
   */
  public boolean refuseNative() {
    return refuseNative;
  }

  /** Chaos scheduling (record); a replay takes it from the recording's header. */
  public boolean chaos() {
    return chaos;
  }

  /**
   * Whether the recording also logs each thread's path (the divergence finder); a replay takes it
   * from the recording's header and then checks the path.
   */
  public boolean path() {
    return path;
  }
}
