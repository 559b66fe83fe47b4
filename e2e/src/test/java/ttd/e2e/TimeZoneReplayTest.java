package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The machine's time zone is an input: a program recorded in Tokyo and replayed in New York prints
 * Tokyo's times, and under the agent it sees {@code user.timezone} set by its first {@code
 * TimeZone.getDefault()}, as a plain run does.
 *
 * <p>Before, ttd's start-up chose the default zone itself, so the property stayed unset for the
 * program (Jetty's {@code Dumpable} then failed with a null zone id), and a replay that had to ask
 * the machine would have got the replaying machine's zone.
 */
class TimeZoneReplayTest {

  private static final String ZONES = String.join("\n",
      "import java.time.*;",
      "import java.util.*;",
      "public class Zones {",
      "  public static void main(String[] a) {",
      "    System.out.println(\"before \" + System.getProperty(\"user.timezone\"));",
      "    System.out.println(\"default \" + TimeZone.getDefault().getID() + \" \" + ZoneId.systemDefault());",
      "    String id = System.getProperty(\"user.timezone\");",
      "    System.out.println(\"after \" + id + \" \" + ZoneId.of(id).getRules().getOffset(Instant.EPOCH));",
      "    System.out.println(\"epoch \" + new Date(0) + \" \" + LocalDateTime.ofInstant(Instant.ofEpochSecond(1_000_000_000L), ZoneId.systemDefault()));",
      "    System.out.println(\"calendar \" + Calendar.getInstance().getTimeZone().getRawOffset());",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aProgramRecordedInOneZoneReplaysItInAnother() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("Tokyo's times replay in New York on " + jvm.label(), () -> {
        Path work = Scratch.dir("time-zone-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Zones", ZONES);
        Path recording = work.resolve("recording");
        Outcome plain = Exec.run(inZone("Asia/Tokyo", List.of(jvm.java(), "-cp", classes.toString(), "Zones")), work);
        Outcome recorded = Exec.run(inZone("Asia/Tokyo",
            TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "Zones", List.of())), work);
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertTrue(plain.stdout().contains("after Asia/Tokyo +09:00"), plain.describe());
        assertEquals(plain.stdout(), recorded.stdout(), "the recorded run printed otherwise than a plain one");
        for (int i = 1; i <= 2; i++) {
          Outcome replayed = Exec.run(inZone("America/New_York",
              List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay", recording.toString())), work);
          ReplayAssertions.assertSameOutput(recorded, replayed, "replay " + i + " in New York on " + jvm);
        }
      }));
    }
    return tests;
  }

  private static List<String> inZone(String zone, List<String> command) {
    return TtdRun.withEnv(command, "TZ=" + zone);
  }
}
