package ttd.agent.session;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a file the program touches is its own input.
 *
 * <p>The JDK reads files for its own purposes on the program's threads: class loading, its own
 * data under {@code java.home}, {@code /dev/urandom} behind {@code SecureRandom} (whose output is
 * captured). Those are not the program's inputs and are left alone, so that a replay stops exactly
 * where the program itself first reads something ttd cannot reproduce.
 */
final class UncapturedInputs {

  private static final String JAVA_HOME = System.getProperty("java.home");
  private static final List<String> CLASS_PATH = new ArrayList<>();

  static {
    for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!entry.isEmpty()) {
        CLASS_PATH.add(new File(entry).getAbsolutePath());
      }
    }
  }

  private UncapturedInputs() {}

  /** Whether reading this path is the program's own input (not the JDK's or class loading's). */
  static boolean isProgramsFile(String path) {
    String abs = new File(path).getAbsolutePath();
    if (abs.startsWith(JAVA_HOME + File.separator)
        || abs.equals("/dev/urandom")
        || abs.equals("/dev/random")) {
      return false;
    }
    for (String entry : CLASS_PATH) {
      if (abs.equals(entry) || abs.startsWith(entry + File.separator)) {
        return false;
      }
    }
    return !loadingClassesOrResources();
  }

  private static boolean loadingClassesOrResources() {
    return StackWalker.getInstance()
        .walk(
            frames ->
                frames.anyMatch(
                    f -> {
                      String c = f.getClassName();
                      return c.equals("java.lang.ClassLoader")
                          || c.startsWith("jdk.internal.loader.")
                          || c.equals("java.net.URLClassLoader")
                          || c.startsWith("java.util.ServiceLoader")
                          || c.startsWith("java.util.ResourceBundle")
                          || c.startsWith("sun.util.")
                          || c.startsWith("sun.security.");
                    }));
  }
}
