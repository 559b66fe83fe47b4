package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The agent keeps its own ASM (relocated to {@code ttd.agent.shaded.asm}) out of C2, so the JIT's
 * second tier is free for the program, and leaves a program's own ASM alone: a program that
 * rewrites class files with its own ASM 9.2 in a loop gets that ASM compiled by C2 under the
 * agent, while no method of the agent's ASM ever is. Read from the recorded JVM's
 * {@code -XX:+PrintCompilation} lines (the JVM prints them to stdout itself, past every hook); the
 * program's own output replays identically (the replay JVM gets the recorded options, so its
 * stdout holds such lines too).
 */
class AgentAsmCompilationTest {

  private static final String PROGRAM = String.join("\n",
      "import java.io.InputStream;",
      "import org.objectweb.asm.ClassReader;",
      "import org.objectweb.asm.ClassWriter;",
      "",
      "public class AsmRewriter {",
      "  public static void main(String[] args) throws Exception {",
      "    byte[] original;",
      "    try (InputStream in = ClassReader.class.getResourceAsStream(\"ClassReader.class\")) {",
      "      original = in.readAllBytes();",
      "    }",
      "    long checksum = 0;",
      "    for (int i = 0; i < 600; i++) {",
      "      ClassWriter writer = new ClassWriter(0);",
      "      new ClassReader(original).accept(writer, 0);",
      "      checksum += writer.toByteArray().length;",
      "    }",
      "    System.out.println(\"rewritten bytes \" + checksum);",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> theAgentsAsmStaysOutOfC2AndTheProgramsOwnAsmDoesNot() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("C2 compiles the program's ASM, never the agent's, on " + jvm.label(),
          () -> onlyTheProgramsAsmReachesC2(jvm)));
    }
    return tests;
  }

  private static void onlyTheProgramsAsmReachesC2(Jvm jvm) {
    Path work = Scratch.dir("asm-compilation-" + jvm.label());
    String libraries = TtdRun.samplesClassPath(true);
    Path classes = JavaSource.compile(work.resolve("classes"), "AsmRewriter", PROGRAM, libraries);
    Path recording = work.resolve("recording");
    List<String> command = TtdRun.recordCommand(jvm, recording, List.of(),
        classes + File.pathSeparator + libraries, "AsmRewriter", List.of());
    command.add(1, "-XX:+PrintCompilation");
    Outcome recorded = Exec.run(command, work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    List<String> compiled = recorded.stdoutLines();
    assertTrue(compiledAtC2(compiled, "org.objectweb.asm."),
        "C2 never compiled the program's own ASM under the agent:" + recorded.describe());
    assertTrue(compiled.stream().anyMatch(l -> l.contains("Excluding") && l.contains("ttd.agent.shaded.asm.")),
        "the agent's compiler directive did not exclude any method of its ASM from C2:" + recorded.describe());
    assertTrue(!compiledAtC2(compiled, "ttd.agent.shaded.asm."),
        "C2 compiled the agent's own ASM:" + recorded.describe());

    List<String> programLines = programLines(compiled);
    assertEquals(1, programLines.size(), recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, recording); // with the recorded JVM options
    assertEquals(0, replayed.exitStatus(), replayed.describe());
    assertEquals(programLines, programLines(replayed.stdoutLines()), "the replay's output:" + replayed.describe());
  }

  /**
   * The program's line, wherever it stands: the JVM writes its compilation lines to the same
   * stdout from its compiler threads, so the program's line can land inside one (CI, JDK 25:
   * {@code 28192 2470 1 java.nio.Buffer::rewritten bytes 27072000}).
   */
  private static List<String> programLines(List<String> stdout) {
    List<String> found = new ArrayList<>();
    for (String line : stdout) {
      Matcher m = PROGRAM_LINE.matcher(line);
      while (m.find()) {
        found.add(m.group());
      }
    }
    return found;
  }

  private static final Pattern PROGRAM_LINE = Pattern.compile("rewritten bytes \\d+");

  /**
   * Whether a {@code -XX:+PrintCompilation} line shows a method of {@code prefix} compiled at
   * tier 4: "time id [flags] tier class::method (size)", the tier just before the method.
   */
  private static boolean compiledAtC2(List<String> lines, String prefix) {
    for (String line : lines) {
      if (line.contains("made not") || line.startsWith("###")) {
        continue; // the JVM's notes on a method (deoptimised, excluded), not a compilation
      }
      String[] f = line.trim().split("\\s+");
      for (int i = 1; i < f.length; i++) {
        if (f[i].startsWith(prefix) && f[i].contains("::")) {
          if (f[i - 1].equals("4")) {
            return true;
          }
          break;
        }
      }
    }
    return false;
  }
}
