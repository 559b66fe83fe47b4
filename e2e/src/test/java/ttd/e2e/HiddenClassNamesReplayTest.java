package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A lambda's class name is the same in record and replay. HotSpot names a hidden class after the
 * address of its class structure, different in every process (and JDK 17 numbers lambdas with a
 * counter the agent's own lambdas advance), so a program that printed a lambda, or kept a lambda
 * class's fields in a hash set, printed other text or walked the set in another order in the
 * replay: Spring Boot caches the annotations of its beans' fields by {@code Field.hashCode}, which
 * hashes the class name, and {@code spring.BootWebApp} left its recorded path there.
 */
class HiddenClassNamesReplayTest {

  private static final String PROGRAM = """
      import java.lang.reflect.*;
      import java.util.*;
      import java.util.function.*;
      public class NamesLambdas {
        public static void main(String[] args) {
          int captured = args.length + 41;
          Runnable run = () -> {};
          IntSupplier answer = () -> captured;
          Function<String, Integer> length = String::length;
          Set<Member> members = new HashSet<>();
          for (Object lambda : List.of(run, answer, length)) {
            Class<?> c = lambda.getClass();
            System.out.println(c.getName() + " " + c.getSimpleName() + " hidden=" + c.isHidden());
            members.addAll(Arrays.asList(c.getDeclaredFields()));
            members.addAll(Arrays.asList(c.getDeclaredMethods()));
          }
          StringBuilder order = new StringBuilder("members");
          for (Member m : members) {
            order.append(' ').append(m.getDeclaringClass().getSimpleName()).append('.').append(m.getName());
          }
          System.out.println(order);
          System.out.println("answer " + answer.getAsInt() + " printed " + (answer.toString().startsWith(answer.getClass().getName() + "@")));
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void lambdaClassNamesAndTheHashesOfTheirMembersReplayAsRecorded(Jvm jvm) throws Exception {
    Path work = Scratch.dir("hidden-class-names-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "NamesLambdas", PROGRAM);
    Outcome plain = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "NamesLambdas"), work);
    assertEquals(0, plain.exitStatus(), plain.describe());
    assertTrue(plain.stdoutLines().get(0).matches("NamesLambdas\\$\\$Lambda(\\$\\d+)?/0x[0-9a-f]{16} .* hidden=true"),
        "a plain JVM names a lambda after an address:" + plain.describe());

    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "NamesLambdas");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    List<String> lines = recorded.stdoutLines();
    for (int i = 0; i < 3; i++) {
      int n = i + 1;
      assertTrue(lines.get(i).matches("NamesLambdas\\$\\$Lambda(\\$" + n + ")?/0x0{15}" + n + " .* hidden=true"),
          "the " + n + ". lambda of the class is numbered " + n + " in its name:" + recorded.describe());
    }
    assertEquals("answer 41 printed true", lines.get(4), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of NamesLambdas");
  }
}
