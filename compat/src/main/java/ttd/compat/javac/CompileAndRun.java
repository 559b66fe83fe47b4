package ttd.compat.javac;

import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.IntUnaryOperator;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Generates a Java source with random constants, compiles it with javac through javax.tools, loads and runs it. */
public class CompileAndRun {
  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("javac");
    Random random = new Random();
    int a = random.nextInt(100);
    int b = random.nextInt(100);
    Path source = dir.resolve("gen/Formula.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, "package gen;\n"
        + "public class Formula implements java.util.function.IntUnaryOperator {\n"
        + "  public int applyAsInt(int x) { return " + a + " * x + " + b + "; }\n"
        + "  public String toString() { return \"" + a + "x+" + b + "\"; }\n"
        + "}\n");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    Boolean ok = javac.getTask(diagnostics, null, null, List.of("-d", dir.resolve("classes").toString()), null,
        javac.getStandardFileManager(null, null, null).getJavaFileObjects(source.toFile())).call();
    System.out.println("compiled " + ok + " " + diagnostics);
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()})) {
      IntUnaryOperator f = (IntUnaryOperator) loader.loadClass("gen.Formula").getConstructor().newInstance();
      System.out.println(f + " at 1..5: " + java.util.stream.IntStream.rangeClosed(1, 5).map(f).boxed().toList());
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
