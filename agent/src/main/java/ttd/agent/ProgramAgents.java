package ttd.agent;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The program's own Java agents: the {@code -javaagent} options of the recorded JVM other than
 * ttd's. They are the program's code (Mockito's inline mock maker, an APM agent), so the replay
 * runs them too, after ttd's own agent, whose hooks then capture what they do. One loaded before
 * ttd's ran unrecorded, which the recording says at once.
 */
final class ProgramAgents {

  private static final String OPTION = "-javaagent:";
  private final List<String> all = new ArrayList<>();
  private final List<String> beforeTtd = new ArrayList<>();

  private ProgramAgents() {}

  /** The agents among the JVM's {@code options}, ttd's own being the one loaded from {@code ttdJar}. */
  static ProgramAgents among(String[] options, File ttdJar) {
    ProgramAgents agents = new ProgramAgents();
    boolean seenTtd = false;
    for (String o : options) {
      if (!o.startsWith(OPTION)) {
        continue;
      }
      if (!seenTtd && isTtds(o, ttdJar)) {
        seenTtd = true;
        continue;
      }
      agents.all.add(o);
      if (!seenTtd) {
        agents.beforeTtd.add(o);
      }
    }
    return agents;
  }

  /** The jar ttd's agent was loaded from (its launcher's class, on the system class path), or null. */
  static File ttdJar() {
    try {
      Class<?> launcher = Class.forName("ttd.launch.PreMain", false, ClassLoader.getSystemClassLoader());
      return new File(launcher.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (ReflectiveOperationException | RuntimeException | java.net.URISyntaxException e) {
      return null;
    }
  }

  private static boolean isTtds(String option, File ttdJar) {
    if (ttdJar == null) {
      return true; // cannot tell: the first agent is taken for ttd's, as the launcher puts it first
    }
    String spec = option.substring(OPTION.length());
    int eq = spec.indexOf('=');
    File jar = new File(eq < 0 ? spec : spec.substring(0, eq));
    try {
      return jar.getCanonicalFile().equals(ttdJar.getCanonicalFile());
    } catch (IOException e) {
      return jar.getAbsoluteFile().equals(ttdJar.getAbsoluteFile());
    }
  }

  /** Every program agent's option, in the order the JVM loaded them. */
  List<String> all() {
    return all;
  }

  /** Those the JVM loaded before ttd's agent. */
  List<String> beforeTtd() {
    return beforeTtd;
  }
}
