package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Strings in the console as in Java: {@code print name == "region"} is true where {@code name} is
 * the literal the program passed (the JVM's interned instance) and false for an equal copy; a
 * condition may ask a string's own questions ({@code name.equals("region")}, {@code length()}),
 * which the console answers from the values without running code, and one that compares with a
 * literal by identity, which it could not decide without running code, is refused in one sentence
 * that names the way out. Found on the corpus's Commons CSV program (docs/console-known-gaps.md
 * kept it until now): {@code name == "region"} was false there, the literal being a new string.
 */
class StringComparisonConsoleTest {

  private static final String REGIONS = String.join("\n",
      "public final class Regions {",
      "  static String name;",
      "  static int sales;",
      "  static int seen;",
      "  static void visit() {",
      "    seen += sales;", // line 6
      "  }",
      "  public static void main(String[] args) {",
      "    String[] names = {\"north\", \"region\", \"south\", \"region\", \"east\"};",
      "    for (int i = 0; i < names.length; i++) {",
      "      name = i == 3 ? new String(names[i]) : names[i];",
      "      sales = i * 10;",
      "      visit();",
      "    }",
      "    System.out.println(\"seen \" + seen);",
      "  }",
      "}",
      "");

  private static final String[] SCRIPT = {
    "stop at Regions:6 if name == \"region\"",
    "stop at Regions:6 if name.equals(\"region\") && name.length() == 6",
    "run",
    "print sales",
    "print name == \"region\"",
    "print name.startsWith(\"reg\")",
    "cont",
    "print sales",
    "print name == \"region\"",
    "print name.equals(\"region\")",
    "cont",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void stringsCompareInTheConsoleAsInJava(Jvm jvm) {
    Path work = Scratch.dir("string-comparison-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Regions", REGIONS);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Regions");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording, SCRIPT);
    assertEquals("a condition cannot tell whether a string is the literal's own (interned) instance without running"
        + " code; compare the text instead, e.g. name.equals(\"region\")", c.first(0, SCRIPT[0]), c.describe());
    assertEquals("Deferring breakpoint Regions:6 if name.equals(\"region\") && name.length() == 6.",
        c.first(1, SCRIPT[1]), c.describe());
    assertTrue(c.after(2, "run").stream().anyMatch(l -> l.contains("Regions.visit(), line=6")), c.describe());
    assertEquals(" sales = 10", c.first(3, SCRIPT[3]), "the first region, the literal itself" + c.describe());
    assertEquals(" name == \"region\" = true", c.first(4, SCRIPT[4]), c.describe());
    assertEquals(" name.startsWith(\"reg\") = true", c.first(5, SCRIPT[5]), c.describe());
    assertEquals(" sales = 30", c.first(7, SCRIPT[7]), "the second region, a copy" + c.describe());
    assertEquals(" name == \"region\" = false", c.first(8, SCRIPT[8]), c.describe());
    assertEquals(" name.equals(\"region\") = true", c.first(9, SCRIPT[9]), c.describe());
    assertTrue(c.after(10, "cont").contains("seen 100"), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }
}
