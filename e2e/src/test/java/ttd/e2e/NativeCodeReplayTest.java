package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's own native library (a JNI library it loads, as sqlite-jdbc, snappy or zstd-jni do;
 * a library it looks up with the foreign-function API) reads and changes the world past every
 * hook. Recording says so, stops there (nothing after it could replay) and runs it as without
 * ttd; the replay stops where it was loaded, with
 * status 86 and a report naming it, and never runs it: the file the library's C code wrote while
 * recording is not written again. (Before, a library at a stable path was loaded and run by the
 * replay, which wrote its files for real; one extracted to a temporary file diverged.)
 */
class NativeCodeReplayTest {

  private static final String MARKER =
      String.join(
          "\n",
          "public class Marker {",
          "  static native int touch(String path);",
          "  public static void main(String[] args) {",
          "    System.out.println(\"loading\");",
          "    System.load(args[0]);",
          "    System.out.println(\"touched \" + touch(args[1]));",
          "  }",
          "}",
          "");

  private static final String LOOKUP =
      String.join(
          "\n",
          "import java.lang.foreign.*;",
          "import java.lang.invoke.MethodHandle;",
          "import java.nio.file.Path;",
          "public class Lookup {",
          "  public static void main(String[] args) throws Throwable {",
          "    System.out.println(\"looking up\");",
          "    try (Arena arena = Arena.ofConfined()) {",
          "      SymbolLookup library = SymbolLookup.libraryLookup(Path.of(args[0]), arena);",
          "      MethodHandle write = Linker.nativeLinker().downcallHandle(library.find(\"marker_write\").orElseThrow(),",
          "          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));",
          "      System.out.println(\"touched \" + (int) write.invokeExact(arena.allocateFrom(args[1])));",
          "    }",
          "  }",
          "}",
          "");

  private static final String AWAITER =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "public class Awaiter {",
          "  static native int await(String path, int seconds);",
          "  public static void main(String[] args) throws Exception {",
          "    System.load(args[0]);",
          "    Thread writer = new Thread(() -> {",
          "      try { Files.writeString(Path.of(args[1]), \"up\"); } catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); }",
          "    }, \"writer\");",
          "    writer.start();",
          "    System.out.println(await(args[1], 20) == 1 ? \"seen\" : \"not seen\");",
          "    writer.join();",
          "  }",
          "}",
          "");

  private static final String FALLBACK =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "public class Fallback {",
          "  public static void main(String[] args) throws Exception {",
          "    String codec;",
          "    try { System.load(args[0]); codec = \"native\"; }",
          "    catch (UnsatisfiedLinkError e) { codec = \"pure Java (\" + e.getMessage() + \")\"; }",
          "    System.out.println(\"codec: \" + codec);",
          "    System.out.println(\"mapped: \" + Files.readString(Path.of(\"/proc/self/maps\")).contains(\"libmarker\"));",
          "    java.util.zip.CRC32 crc = new java.util.zip.CRC32();",
          "    for (int i = 0; i < 2000; i++) crc.update(java.util.UUID.randomUUID().toString().getBytes());",
          "    System.out.println(\"crc \" + crc.getValue() + \" at \" + System.nanoTime() % 1000);",
          "  }",
          "}",
          "");

  private static final String TOKEN = """
      import java.security.*;
      public class Token {
        public static void main(String[] args) {
          System.out.println("configuring");
          try {
            Security.getProvider("SunPKCS11").configure("--name=Token\\nlibrary=" + args[0] + "\\n");
          } catch (ProviderException e) {
            System.out.println("pkcs11: " + e.getClass().getSimpleName());
          }
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aJniLibraryIsReportedWhileRecordingAndTheReplayStopsBeforeItsCodeRuns(Jvm jvm) throws Exception {
    NativeProgram.requireTool("gcc");
    Path work = Scratch.dir("native-code-jni-" + jvm.label());
    Path library = NativeProgram.jniLibrary(jvm, work, "marker");
    Path classes = JavaSource.compile(work.resolve("classes"), "Marker", MARKER);
    assertReportedAndNeverRunByTheReplay(jvm, work, library, classes, "Marker", "loading\n",
        "the native library " + library.toRealPath());
  }

  /**
   * Native code that waits for another thread (an event loop in {@code epoll_wait}) does not hang
   * the recorded program: recording stops where the library is loaded, so the thread waiting in
   * native code no longer holds the scheduler's baton that the other thread needs. Before, main
   * kept it inside {@code await} and the writer never ran ("not seen" after 20 s; Netty's epoll
   * transport hung Reactor Netty and Armeria until they were killed).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void nativeCodeWaitingForAnotherThreadDoesNotHangTheRecording(Jvm jvm) throws Exception {
    NativeProgram.requireTool("gcc");
    Path work = Scratch.dir("native-code-await-" + jvm.label());
    Path library = NativeProgram.jniLibrary(jvm, work, "marker");
    Path classes = JavaSource.compile(work.resolve("classes"), "Awaiter", AWAITER);
    Path flag = work.resolve("flag.txt");
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes.toString(), "Awaiter",
        List.of(library.toString(), flag.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("seen\n", recorded.stdout(), recorded.describe());
    assertTrue(recorded.stderr().contains("loads the native library " + library.toRealPath())
        && recorded.stderr().contains("recording stops here"), recorded.describe());
    assertStopsWhereItOpens(TtdRun.replay(jvm, recording), "", "the native library " + library.toRealPath());
  }

  /**
   * With the agent option {@code refusenative} the program's library fails to load, in the
   * recording and the replay alike: a program with a pure-Java fallback takes it, the recording
   * goes on past the load (complete), and the replay runs to the end identically instead of
   * stopping there. Before, the option was unknown and the agent refused to start.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void refusedNativeLibrariesFailToLoadAndTheRecordingGoesOnAndReplays(Jvm jvm) throws Exception {
    NativeProgram.requireTool("gcc");
    Path work = Scratch.dir("native-code-refused-" + jvm.label());
    Path library = NativeProgram.jniLibrary(jvm, work, "marker");
    Path classes = JavaSource.compile(work.resolve("classes"), "Fallback", FALLBACK);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of("refusenative"), classes.toString(), "Fallback",
        List.of(library.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("codec: pure Java (ttd refuses to load the native library "
        + library.toRealPath() + " (agent option refusenative))\nmapped: false\ncrc "), recorded.describe());
    assertTrue(recorded.stderr().contains("was refused (agent option refusenative)")
        && !recorded.stderr().contains("recording stops here"), recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, recording);
    assertEquals(recorded.stdout(), replayed.stdout(), replayed.describe());
    assertEquals(recorded.stderr().replaceAll("(?m)^ttd: .*\n", ""), replayed.stderr(),
        "the recording is complete, and its replay prints the program's stderr (JDK 25's warning for System.load)"
            + " without ttd's word:" + replayed.describe());
    assertEquals(0, replayed.exitStatus(), replayed.describe());
  }

  /**
   * The same from a class on the boot class path, which the boot loader defines as it defines the
   * JDK's: the library is still the program's (before, the replay ran it and wrote the marker).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aJniLibraryLoadedFromTheBootClassPathIsTheProgramsToo(Jvm jvm) throws Exception {
    NativeProgram.requireTool("gcc");
    Path work = Scratch.dir("native-code-boot-" + jvm.label());
    Path library = NativeProgram.jniLibrary(jvm, work, "marker");
    Path classes = JavaSource.compile(work.resolve("classes"), "Marker", MARKER);
    assertReportedAndNeverRunByTheReplay(jvm, work, library, classes, "Marker", "loading\n",
        "the native library " + library.toRealPath(), "-Xbootclasspath/a:" + classes);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aLibraryOfTheForeignFunctionApiIsReportedWhileRecordingAndTheReplayStopsBeforeItOpens(Jvm jvm)
      throws Exception {
    assumeTrue(jvm.feature() >= 22, "the foreign-function API is final from JDK 22; " + jvm + " has it incubating only");
    NativeProgram.requireTool("gcc");
    Path work = Scratch.dir("native-code-ffm-" + jvm.label());
    Path library = NativeProgram.jniLibrary(jvm, work, "marker");
    Path classes = JavaSource.compileWith(jvm, 22, work.resolve("classes"), "Lookup", LOOKUP);
    assertReportedAndNeverRunByTheReplay(jvm, work, library, classes, "Lookup", "looking up\n",
        "the native library ", "--enable-native-access=ALL-UNNAMED");
  }

  /**
   * A PKCS#11 module a {@code SunPKCS11} configuration names is the program's native code too,
   * though the JDK's own native code opens it: before, the replay opened it and ran it again, and
   * reported the replay identical.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aPkcs11ModuleIsReportedWhileRecordingAndTheReplayStopsBeforeItOpens(Jvm jvm) throws Exception {
    NativeProgram.requireTool("gcc");
    Path work = Scratch.dir("native-code-pkcs11-" + jvm.label());
    Path module = NativeProgram.jniLibrary(jvm, work, "p11module");
    Path classes = JavaSource.compile(work.resolve("classes"), "Token", TOKEN);
    Path marker = work.resolve("marker.txt");
    Path recording = work.resolve("recording");
    Outcome recorded = Exec.run(TtdRun.withEnv(TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(),
        "Token", List.of(module.toString())), "P11_MARKER=" + marker), work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("configuring\npkcs11: ProviderException"), recorded.describe());
    assertTrue(recorded.stderr().contains("loads the native library " + module), recorded.describe());
    assertTrue(Files.exists(marker), "the module's C code ran while recording");

    Files.delete(marker);
    assertStopsWhereItOpens(TtdRun.replay(jvm, recording, work, "P11_MARKER=" + marker), "configuring\n",
        "the native library " + module);
    assertFalse(Files.exists(marker), "the replay ran the module's C code, which wrote " + marker);
  }

  /**
   * Records {@code main} (which prints {@code before}, opens {@code library} and has its C code
   * write a marker file), then replays it with the marker gone: the recording names {@code
   * named} and the library ran; the replay stops with 86 after {@code before}, names it too, and
   * writes no marker.
   */
  private static void assertReportedAndNeverRunByTheReplay(Jvm jvm, Path work, Path library, Path classes,
      String main, String before, String named, String... jvmOptions) throws IOException {
    Path marker = work.resolve("marker.txt");
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes.toString(), main,
        List.of(library.toString(), marker.toString()), new byte[0], jvmOptions);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(before + "touched 42\n", recorded.stdout(), recorded.describe());
    assertTrue(recorded.stderr().contains("loads " + named), recorded.describe());
    assertTrue(Files.exists(marker), "the library's C code ran while recording");

    Files.delete(marker);
    assertStopsWhereItOpens(TtdRun.replay(jvm, recording), before, named);
    assertFalse(Files.exists(marker), "the replay ran the library's C code, which wrote " + marker);
  }

  /** The replay stopped with 86 where the library opens, after printing {@code before}, and named it. */
  private static void assertStopsWhereItOpens(Outcome replayed, String before, String named) {
    assertEquals(86, replayed.exitStatus(), replayed.describe());
    assertEquals(before, replayed.stdout(), replayed.describe());
    assertTrue(replayed.stderr().contains("the recorded program loads " + named), replayed.describe());
  }
}
