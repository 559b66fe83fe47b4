package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JDK classes that ttd's own libraries hash while they start keep the recorded identity hashes in
 * the replay. Chronicle Wire registers class aliases ({@code UUID}, {@code java.time}'s types) in
 * maps keyed by class when it initialises, which hashes those classes; the recording reaches it
 * through its appender and the replay through its tailers, at different points of their
 * start-ups, so each class got another hash in the replay (measured on main: {@code ZonedDateTime}
 * on JDK 17, {@code UUID} on 25). A program keying anything by those classes then saw another
 * order: Spring's {@code ResolvableType} cache, keyed by types that hash their classes, walked
 * other chains while Spring Boot registered its date-time converters, and {@code
 * spring.BootWebApp} left the recorded path there. Likewise {@code InetAddress}, hashed by the
 * method types of the network natives ttd links at start-up, and {@code AtomicBoolean}, which
 * Chronicle initialises in its interners when appending and in its pausers when tailing.
 */
class LibraryClassHashesReplayTest {

  private static final String PROGRAM = """
      import java.util.*;
      public class AliasedClasses {
        public static void main(String[] args) {
          List<Class<?>> classes = List.of(java.util.UUID.class, java.time.LocalDate.class,
              java.time.LocalDateTime.class, java.time.LocalTime.class, java.time.ZonedDateTime.class,
              java.time.OffsetDateTime.class, java.time.OffsetTime.class, java.time.DayOfWeek.class,
              java.time.Month.class, java.time.MonthDay.class, java.time.Period.class,
              java.time.Year.class, java.time.YearMonth.class,
              java.util.concurrent.atomic.AtomicBoolean.class, java.net.InetAddress.class);
          for (Class<?> c : classes) System.out.println(c.getSimpleName() + " " + System.identityHashCode(c));
          System.out.println("set order " + new HashSet<>(classes));
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void classesChronicleAliasesHashAsRecordedInTheReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("library-class-hashes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "AliasedClasses", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "AliasedClasses");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(16, recorded.stdoutLines().size(), recorded.describe());
    for (int replay = 1; replay <= 2; replay++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay " + replay + " of AliasedClasses");
    }
  }
}
