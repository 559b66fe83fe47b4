package ttd.agent.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Which environment variables and system properties a recording leaves out, and what it keeps in
 * their place.
 *
 * <p>A recording stores what the program read from {@code System.getenv} and the JVM's system
 * properties (and its {@code -D} options): an {@code AWS_SECRET_ACCESS_KEY} or a {@code
 * -Ddb.password} would sit in the log in plain text. A redacted value is recorded as {@link #MASK}:
 * the recorded program still gets the real value, its replay gets the mask (a variable that was
 * not set stays absent). A program that only passes the value on (to a driver the replay does not
 * run) replays as recorded; one that prints, compares or sends it diverges there, with a report.
 *
 * <p>By default ({@link #defaults}) a name is redacted, whatever its case, if its words (split at
 * {@code _}, {@code .}, {@code -} and lower-to-upper case changes) end with {@code KEY}, {@code
 * KEYS} or {@code APIKEY}, or if one of its words ends with {@code SECRET}, {@code PASSWORD},
 * {@code PASSWD} or {@code TOKEN} (or their plurals) and its last word does not name where or what
 * the value is ({@link #NOT_VALUES}: {@code PASSWORD_FILE}, {@code TOKEN_URL} stay). So {@code
 * AWS_SECRET_ACCESS_KEY}, {@code GITHUB_TOKEN}, {@code PGPASSWORD}, {@code SECRET_KEY_BASE},
 * {@code db.password}, {@code apiKey} and {@code javax.net.ssl.keyStorePassword} are redacted, and
 * {@code KEYBOARD}, {@code MONKEY}, {@code MAX_KEY_LENGTH}, {@code AWS_ACCESS_KEY_ID}, {@code
 * javax.net.ssl.keyStore}, {@code TOKENIZER_PATH} and {@code PWD} (the working directory) are not. A
 * false positive costs a replay that diverges where the program uses the value (a path it opens,
 * a number it parses), so the rule is narrow; more names or {@code *} patterns are added with
 * {@code redact=NAME:PATTERN}, and {@code noredactdefault} keeps only those.
 */
public final class Redaction {

  /** What a redacted value is recorded (and replayed) as. */
  public static final String MASK = "<redacted by ttd>";

  private static final Pattern WORDS = Pattern.compile("[_.\\-\\s]+|(?<=[a-z0-9])(?=[A-Z])");

  /** Last words that say where or what a value is rather than being it. */
  private static final Set<String> NOT_VALUES =
      Set.of("FILE", "PATH", "DIR", "URL", "URI", "HOST", "PORT", "NAME", "TYPE", "ID", "ENABLED",
          "LENGTH", "SIZE", "HEADER", "ALGORITHM");

  private final boolean defaults;
  private final List<Pattern> patterns;
  private final Set<String> redactedEnv = new TreeSet<>();

  private Redaction(boolean defaults, List<Pattern> patterns) {
    this.defaults = defaults;
    this.patterns = patterns;
  }

  /**
   * @param names the {@code redact=} option: names or {@code *} patterns separated by {@code :}, or null
   * @param defaults whether the default words apply too
   */
  public static Redaction of(String names, boolean defaults) {
    List<Pattern> patterns = new ArrayList<>();
    if (names != null) {
      for (String n : names.split(":")) {
        if (!n.isBlank()) {
          patterns.add(Pattern.compile(
              Pattern.quote(n.trim()).replace("*", "\\E.*\\Q"), Pattern.CASE_INSENSITIVE));
        }
      }
    }
    return new Redaction(defaults, patterns);
  }

  /** Whether the value of the variable or property {@code name} is left out. */
  public boolean redacts(String name) {
    for (Pattern p : patterns) {
      if (p.matcher(name).matches()) {
        return true;
      }
    }
    if (!defaults) {
      return false;
    }
    String[] words = WORDS.split(name, -1);
    String last = words.length == 0 ? "" : words[words.length - 1].toUpperCase(Locale.ROOT);
    if (last.equals("KEY") || last.equals("KEYS") || last.equals("APIKEY")) {
      return true;
    }
    if (NOT_VALUES.contains(last)) {
      return false;
    }
    for (String word : words) {
      String w = word.toUpperCase(Locale.ROOT);
      if (w.endsWith("S")) {
        w = w.substring(0, w.length() - 1);
      }
      if (w.endsWith("SECRET") || w.endsWith("PASSWORD") || w.endsWith("PASSWD") || w.endsWith("TOKEN")) {
        return true;
      }
    }
    return false;
  }

  /** The value to record for the variable {@code name}; notes the name if it is redacted. */
  public String env(String name, String value) {
    if (value == null || !redacts(name)) {
      return value;
    }
    synchronized (redactedEnv) {
      redactedEnv.add(name);
    }
    return MASK;
  }

  /** The environment to record, in {@code all}'s order: redacted values masked (the program keeps {@code all}). */
  public Map<String, String> env(Map<String, String> all) {
    if (all == null) {
      return null;
    }
    Map<String, String> recorded = new LinkedHashMap<>();
    all.forEach((k, v) -> recorded.put(k, env(k, v)));
    return recorded;
  }

  /** The value to record for the system property {@code name}. */
  public String property(String name, String value) {
    return value == null || !redacts(name) ? value : MASK;
  }

  /** A JVM option as recorded: {@code -Dname=value} with a redacted name keeps only the name. */
  public String jvmOption(String option) {
    if (!option.startsWith("-D")) {
      return option;
    }
    int eq = option.indexOf('=');
    String name = eq < 0 ? option.substring(2) : option.substring(2, eq);
    return eq >= 0 && redacts(name) ? "-D" + name + "=" + MASK : option;
  }

  /** The names of the variables redacted so far, sorted. */
  public Set<String> redactedEnv() {
    synchronized (redactedEnv) {
      return new TreeSet<>(redactedEnv);
    }
  }

  /** The rule, as {@code ttd info} shows it. */
  public String describe() {
    String words = "names ending in the word KEY, KEYS or APIKEY, or with a word ending in SECRET,"
        + " PASSWORD, PASSWD or TOKEN (not ..._FILE, _PATH, _URL and the like)";
    String listed = patterns.isEmpty() ? "" : String.join(", ", patternTexts());
    return defaults ? words + (listed.isEmpty() ? "" : "; and " + listed) : listed.isEmpty() ? "nothing" : listed;
  }

  private List<String> patternTexts() {
    List<String> texts = new ArrayList<>();
    for (Pattern p : patterns) {
      texts.add(p.pattern().replace("\\E.*\\Q", "*").replace("\\Q", "").replace("\\E", ""));
    }
    return texts;
  }
}
