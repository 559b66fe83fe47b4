package ttd.e2e;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles a small test program at test time with the system Java compiler, for release 17 so
 * that every JDK under test can run it (or with a given JDK's own compiler for a newer release). Compiling a variant into the same directory replaces the
 * class, which is how the tests change a program between recording and replay.
 */
public final class JavaSource {

  private JavaSource() {}

  /** Compiles {@code source} (a top-level class named {@code className}) into {@code classes}. */
  public static Path compile(Path classes, String className, String source) {
    return compile(classes, className, source, null);
  }

  /**
   * Compiles {@code source} with {@code jvm}'s own {@code javac} for {@code release}, for programs
   * that use APIs newer than 17 (virtual threads); only for a JDK of that release or newer.
   */
  public static Path compileWith(Jvm jvm, int release, Path classes, String className, String source) {
    try {
      Files.createDirectories(classes);
      Path src = Files.createTempDirectory(classes.toAbsolutePath().getParent(), "src-");
      Path file = Files.writeString(src.resolve(className + ".java"), source, StandardCharsets.UTF_8);
      String javac = jvm.home().resolve("bin").resolve("javac").toString();
      Outcome compiled = Exec.run(
          List.of(javac, "--release", String.valueOf(release), "-encoding", "UTF-8", "-d", classes.toString(),
              file.toString()),
          src);
      if (compiled.exitStatus() != 0) {
        throw new AssertionError("test program " + className + " does not compile:" + compiled.describe());
      }
      return classes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same, against the libraries on {@code classPath} (null: none). */
  public static Path compile(Path classes, String className, String source, String classPath) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no system Java compiler: run the tests on a JDK, not a JRE");
    }
    try {
      Files.createDirectories(classes);
      Path src = Files.createTempDirectory(classes.toAbsolutePath().getParent(), "src-");
      Path file = src.resolve(className + ".java");
      Files.writeString(file, source, StandardCharsets.UTF_8);
      StringWriter diagnostics = new StringWriter();
      Boolean ok =
          javac
              .getTask(
                  diagnostics,
                  null,
                  null,
                  classPath == null
                      ? List.of("--release", "17", "-encoding", "UTF-8", "-d", classes.toString())
                      : List.of("--release", "17", "-encoding", "UTF-8", "-d", classes.toString(),
                          "-cp", classPath),
                  null,
                  javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)
                      .getJavaFileObjects(file.toFile()))
              .call();
      if (!Boolean.TRUE.equals(ok)) {
        throw new AssertionError("test program " + className + " does not compile:\n" + diagnostics);
      }
      return classes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
