package ttd.bench;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The version of the JDK that runs the child JVMs, asked of that JDK itself with
 * {@code java -version}, for the report's first line.
 *
 * <p>The harness may run on one JDK and launch another ({@code --java}), so its own
 * {@code java.version} would name the wrong one.
 *
 * @param shortVersion e.g. {@code 17.0.15}
 * @param fullVersion e.g. {@code 17.0.15+6-Debian-1deb12u1}, or the short one when unknown
 */
record JdkVersion(String shortVersion, String fullVersion) {

  private static final Pattern VERSION = Pattern.compile("version \"([^\"]+)\"");
  private static final Pattern BUILD = Pattern.compile("\\(build ([^,)]+)");

  static JdkVersion of(ChildLauncher launcher, String java) {
    ChildRun run = launcher.run(null, 0, List.of(java, "-version"));
    String text = run.stderr() + run.stdout();
    Matcher v = VERSION.matcher(text);
    if (!v.find()) {
      return new JdkVersion("unknown", "`" + java + " -version` said: " + text.strip());
    }
    Matcher b = BUILD.matcher(text);
    return new JdkVersion(v.group(1), b.find() ? b.group(1) : v.group(1));
  }
}
