package ttd.agent;

import java.io.IOException;
import java.util.jar.JarFile;

/**
 * The program's main class, from the launcher's {@code sun.java.command} (a class name, or a jar
 * whose manifest names it); null when the JVM was started some other way.
 */
final class MainClassName {

  private MainClassName() {}

  static String of() {
    String command = System.getProperty("sun.java.command", "").trim();
    if (command.isEmpty()) {
      return null;
    }
    String first = command.split(" ")[0];
    if (!first.endsWith(".jar")) {
      return first;
    }
    try (JarFile jar = new JarFile(first)) {
      return jar.getManifest() == null
          ? null
          : jar.getManifest().getMainAttributes().getValue("Main-Class");
    } catch (IOException e) {
      return null;
    }
  }

  /** A short name for default recording directories: the simple class name or the jar name. */
  static String shortName(String mainClass) {
    if (mainClass == null) {
      return "java";
    }
    int dot = mainClass.lastIndexOf('.');
    return mainClass.substring(dot + 1);
  }
}
