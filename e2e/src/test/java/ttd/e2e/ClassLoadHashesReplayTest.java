package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's identity hashes do not depend on which classes were loaded before: loading a class
 * from a jar on the class path draws two hashes from the loading thread (JDK 17 and 25), and HotSpot
 * loads classes where compiled code decides too (an uncommon trap for a class the code names loads
 * it where the interpreter never would). Hibernate ORM's replays diverged at its end one time in
 * two to seven that way: a trap loaded {@code HibernateMonitoringEvent} during a flush in the replay
 * only, and every later hash of main moved. Here the same program, its classes in a jar, loads none,
 * one or two extra classes before it hashes, in three recordings, which must print the same hashes,
 * and each replays as recorded.
 */
class ClassLoadHashesReplayTest {

  private static final String PROGRAM = """
      import java.util.*;
      public class Loads {
        static class Spare {}
        static class Other {}
        public static void main(String[] args) throws Exception {
          for (String name : args) {
            Class.forName("Loads$" + name, false, Loads.class.getClassLoader());
          }
          StringBuilder hashes = new StringBuilder("hashes");
          Set<Object> order = new HashSet<>();
          for (int i = 0; i < 6; i++) {
            Object o = new Object();
            hashes.append(' ').append(o.hashCode());
            order.add(o);
          }
          System.out.println(hashes + " " + order.size() + " " + order.iterator().next().hashCode());
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void identityHashesAreTheSameWhicheverClassesLoadedBefore(Jvm jvm) throws Exception {
    Path work = Scratch.dir("class-load-hashes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Loads", PROGRAM);
    Path jar = jar(classes, work.resolve("loads.jar"));

    Outcome none = record(jvm, work.resolve("none"), jar);
    Outcome one = record(jvm, work.resolve("one"), jar, "Spare");
    Outcome two = record(jvm, work.resolve("two"), jar, "Spare", "Other");
    assertEquals(none.stdout(), one.stdout(), "one class loaded before moved the program's identity hashes");
    assertEquals(none.stdout(), two.stdout(), "two classes loaded before moved the program's identity hashes");
    ReplayAssertions.assertSameOutput(two, TtdRun.replay(jvm, work.resolve("two")), "replay of Loads Spare Other");
  }

  private static Outcome record(Jvm jvm, Path out, Path jar, String... loads) {
    Outcome recorded = TtdRun.record(jvm, out, jar.toString(), "Loads", loads);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("hashes "), recorded.describe());
    return recorded;
  }

  /** The program's classes in one jar: the class path's jar loader is the one that hashes. */
  private static Path jar(Path classes, Path jar) throws IOException {
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file);
        Stream<Path> all = Files.list(classes)) {
      for (Path c : all.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
        out.putNextEntry(new JarEntry(c.getFileName().toString()));
        out.write(Files.readAllBytes(c));
      }
    }
    return jar;
  }
}
