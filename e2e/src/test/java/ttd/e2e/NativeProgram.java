package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A C program of the test resources ({@code native/NAME.c}), compiled with gcc {@code -g -O0}
 * into a scratch directory, and the line numbers of its marked lines, found in the source (so the
 * tests name lines by what they hold). gcc and gdb are installed by {@code .ci/run}; a machine
 * where they truly cannot be installed skips these tests with that reason.
 */
final class NativeProgram {

  private static final Memo<NativeProgram> BUILT = new Memo<>();

  private final Path dir;
  private final Path executable;
  private final List<String> source;

  private NativeProgram(Path dir, Path executable, List<String> source) {
    this.dir = dir;
    this.executable = executable;
    this.source = source;
  }

  /** {@code native/NAME.c}, compiled once per test run. */
  static NativeProgram compiled(String name) {
    requireTool("gcc");
    requireTool("gdb");
    return BUILT.get(name, () -> {
      Path dir = Scratch.dir("native-" + name);
      Path c = dir.resolve(name + ".c");
      try (InputStream in = NativeProgram.class.getResourceAsStream("/native/" + name + ".c")) {
        Files.copy(in, c);
        Path exe = dir.resolve(name);
        Outcome cc = Exec.run(List.of("gcc", "-g", "-O0", "-o", exe.toString(), c.toString()), dir);
        assertEquals(0, cc.exitStatus(), "gcc must compile " + c + cc.describe());
        return new NativeProgram(dir, exe, Files.readAllLines(c, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /** {@code native/NAME.c} built into a JNI library {@code libNAME.so} in {@code work}, against {@code jvm}'s headers. */
  static Path jniLibrary(Jvm jvm, Path work, String name) throws IOException {
    Path c = work.resolve(name + ".c");
    try (InputStream in = NativeProgram.class.getResourceAsStream("/native/" + name + ".c")) {
      Files.copy(in, c);
    }
    Path include = jvm.home().resolve("include");
    Path library = work.resolve("lib" + name + ".so");
    Outcome cc = Exec.run(List.of("gcc", "-shared", "-fPIC", "-I" + include, "-I" + include.resolve("linux"),
        "-o", library.toString(), c.toString()), work);
    assertEquals(0, cc.exitStatus(), "gcc must build the JNI library" + cc.describe());
    return library;
  }

  /** Skips (with the reason) where {@code tool} is not installed; .ci/run installs it. */
  static void requireTool(String tool) {
    assumeTrue(onPath(tool), tool + " is not installed, and .ci/run installs it (apt-get install -y gdb gcc rr): run .ci/run's install step");
  }

  static boolean onPath(String tool) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
        return true;
      }
    }
    return false;
  }

  Path dir() {
    return dir;
  }

  Path executable() {
    return executable;
  }

  /** The number of the one source line that contains {@code text}. */
  int line(String text) {
    int found = -1;
    for (int i = 0; i < source.size(); i++) {
      if (source.get(i).contains(text)) {
        assertEquals(-1, found, "'" + text + "' is on more than one line");
        found = i + 1;
      }
    }
    assertTrue(found > 0, "no line holds '" + text + "'");
    return found;
  }

  /** Line {@code n} as the console prints a stop's source line. */
  String shown(int n) {
    String number = Integer.toString(n);
    return number + "    " + " ".repeat(Math.max(0, 4 - number.length())) + source.get(n - 1);
  }

  private static void assertTrue(boolean condition, String message) {
    org.junit.jupiter.api.Assertions.assertTrue(condition, message);
  }
}
