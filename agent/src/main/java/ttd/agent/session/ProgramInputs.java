package ttd.agent.session;

import java.io.File;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.SecureRandomSpi;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides whether a file the program's thread touches is the program's input (logged, and
 * answered from the log in replay) by who touches it, not by what the path is: {@code
 * /dev/urandom}, {@code /proc/self/status} or a class file in a temporary directory read by the
 * program, or loaded by a class loader the program made, is an input like any other file.
 *
 * <p>Not the program's inputs, and so read for real in both runs:
 *
 * <ul>
 *   <li>the files of the launch: the JDK ({@code java.home}), the jars and class files of the
 *       class path, module path and boot class path append, and ttd's own libraries. The replay
 *       runs with the same command line, and the classes it loads are compared with the recorded
 *       ones' checksums when it diverges; logging them would copy every class of every run into
 *       the log. Any other file in a class path directory is the program's like any file: {@code
 *       java -cp . App} reading and writing data files beside its classes is common, and such a
 *       file read for real would differ in replay. Only reading: every change of a file is the
 *       program's ({@link #isProgramsChange}), and a launch file it changed is its input from
 *       then on.
 *   <li>what the JVM's built-in class loaders read (their class path includes the jars a class
 *       path jar's manifest names), for the same reason;
 *   <li>what the JDK's own {@code SecureRandom} engines read (NativePRNG opening {@code
 *       /dev/random} and {@code /dev/urandom} as its class initialises): their output is
 *       captured where it leaves the engine ({@link RandomEngines}).
 * </ul>
 *
 * <p>A class loader the program made ({@code URLClassLoader}, a custom one) over its own
 * directories and jars reads them as the program does: the replay gets the recorded bytes and
 * runs with those files gone.
 */
final class ProgramInputs {

  private static final String JAVA_HOME = normalized(System.getProperty("java.home"));
  private static final List<String> LAUNCH_PATHS = launchPaths();
  private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();
  private static final StackWalker WALKER =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
  /**
   * The launch files, class files and jars the program changed ({@link #isProgramsChange}), by
   * normalized path. Strings hash by value: no identity hash is drawn on the program's thread.
   */
  private static final Set<String> CHANGED_CODE = ConcurrentHashMap.newKeySet();
  private static volatile String realJavaHome;

  private ProgramInputs() {}

  /** Whether reading or querying this path now, on this thread, is the program's own input. */
  static boolean isProgramsFile(String path) {
    String abs = normalized(path);
    if (CHANGED_CODE.contains(abs)) {
      return true;
    }
    if (isLaunchFile(abs)) {
      return false;
    }
    return !WALKER.walk(frames -> frames.anyMatch(ProgramInputs::jdkMachinery));
  }

  /**
   * Whether changing this path now (opening it to write, creating, deleting, renaming, changing
   * its times or permissions) is the program's: always, since a replay performs no change of the
   * world, launch files included. A launch file, class file or jar the program changes is the
   * program's from then on for every reader, class loaders included: a replay, which did not
   * write it, then loads the recorded bytes.
   */
  static boolean isProgramsChange(String path) {
    String abs = normalized(path);
    if (isCode(abs) || isLaunchFile(abs)) {
      CHANGED_CODE.add(abs);
    }
    return true;
  }

  /**
   * Whether a native library the JVM is about to open is the JDK's own: asked for by a class of a
   * JDK module ({@code caller}: a named module of the JDK's loaders; a library the JDK links from
   * elsewhere, as Debian's accessibility bridge), or in {@code java.home} (as the JDK names it: by
   * its canonical path). Any other library's code is the program's, also one a class on the boot
   * class path ({@code -Xbootclasspath/a}, the boot loader's unnamed module) loads: that one ran,
   * and wrote its files, in the replay.
   */
  static boolean isJdkLibrary(String name, Class<?> caller) {
    if (caller != null && caller.getModule().isNamed()
        && (caller.getClassLoader() == null || caller.getClassLoader() == PLATFORM)) {
      return true;
    }
    String abs = normalized(name);
    return abs.startsWith(JAVA_HOME + File.separator) || abs.startsWith(realJavaHome() + File.separator);
  }

  /** {@code java.home} with its links resolved, the first time a library outside it is opened. */
  private static String realJavaHome() {
    String real = realJavaHome;
    if (real == null) {
      try {
        real = Path.of(JAVA_HOME).toRealPath().toString();
      } catch (IOException | RuntimeException e) {
        real = JAVA_HOME;
      }
      realJavaHome = real;
    }
    return real;
  }

  private static boolean isLaunchFile(String abs) {
    if (abs.startsWith(JAVA_HOME + File.separator)) {
      return true;
    }
    boolean code = isCode(abs);
    for (String entry : LAUNCH_PATHS) {
      if (abs.equals(entry) || code && abs.startsWith(entry + File.separator)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isCode(String abs) {
    return abs.endsWith(".class") || abs.endsWith(".jar");
  }

  /**
   * A frame of the JDK's own machinery: a JDK {@code SecureRandom} engine, or a built-in class
   * loader at work. (When a loader the program made reads, its parent, a built-in loader, was
   * asked first and has returned: no frame of it is on the stack.)
   */
  private static boolean jdkMachinery(StackWalker.StackFrame f) {
    Class<?> c = f.getDeclaringClass();
    if (SecureRandomSpi.class.isAssignableFrom(c)) {
      ClassLoader l = c.getClassLoader();
      return l == null || l == PLATFORM;
    }
    String n = c.getName();
    return n.startsWith("jdk.internal.loader.BuiltinClassLoader")
        || n.startsWith("jdk.internal.loader.ClassLoaders")
        || n.startsWith("jdk.internal.loader.BootLoader");
  }

  private static List<String> launchPaths() {
    List<String> paths = new ArrayList<>();
    for (String property :
        new String[] {"java.class.path", "jdk.module.path", "jdk.module.upgrade.path", "jdk.boot.class.path.append"}) {
      for (String entry : System.getProperty(property, "").split(File.pathSeparator)) {
        if (!entry.isEmpty()) {
          paths.add(normalized(entry));
        }
      }
    }
    try {
      // ttd's own libraries, unpacked beside the agent's jar
      paths.add(normalized(Paths.get(ProgramInputs.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getParent().toString()));
    } catch (Exception | LinkageError e) {
      // no code source: the libraries are read under the agent's guard anyway
    }
    return paths;
  }

  private static String normalized(String path) {
    try {
      return Path.of(path).toAbsolutePath().normalize().toString();
    } catch (InvalidPathException e) {
      return new File(path).getAbsolutePath(); // the real call will refuse it
    }
  }
}
