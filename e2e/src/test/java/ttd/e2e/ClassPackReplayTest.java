package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A recording keeps the classes it rewrote in ttd's cache (the class pack), and its replays and the
 * next recording of the program take them from there: the replays come out as the recordings did, a
 * replay writes nothing there, a second recording finds every class it loads and so leaves the pack
 * as it was, and a pack damaged in many places costs only time. The program is a library's (H2, a
 * thousand classes) with clock and random reads at call sites the pack's entries register again, a
 * {@code Thread} subclass's {@code join} (a class-hierarchy answer an entry depends on) and identity
 * hashes, which any class linked in one kind of run only would move. A third recording first loads a
 * class the pack lacks, whose site takes an id above every packed one before the packed ones come.
 */
class ClassPackReplayTest {

  private static final String PROGRAM = """
      import java.sql.*;
      import java.util.*;
      public class Ledger {
        static class Auditor extends Thread {
          long seen;
          @Override public void run() { seen = System.nanoTime() % 1000; }
        }
        static class Late {
          static long at() { return System.nanoTime() % 1000; }
        }
        public static void main(String[] args) throws Exception {
          if (args.length > 0) {
            Thread first = new Thread(() -> System.out.println("late " + Late.at()));
            first.start();
            first.join();
          }
          Auditor auditor = new Auditor();
          auditor.start();
          auditor.join();
          try (Connection c = DriverManager.getConnection("jdbc:h2:mem:ledger")) {
            Statement s = c.createStatement();
            s.execute("create table entry(id uuid primary key, at timestamp, amount int)");
            PreparedStatement insert = c.prepareStatement("insert into entry values (?, current_timestamp, ?)");
            Random random = new Random();
            for (int i = 0; i < 300; i++) {
              insert.setObject(1, UUID.randomUUID());
              insert.setInt(2, random.nextInt(1000));
              insert.executeUpdate();
            }
            ResultSet r = s.executeQuery("select count(*), sum(amount), max(id), max(at) from entry");
            r.next();
            System.out.println("entries " + r.getInt(1) + " sum " + r.getLong(2) + " max " + r.getString(3)
                + " at " + r.getTimestamp(4));
          }
          Set<Object> objects = new HashSet<>();
          for (int i = 0; i < 8; i++) {
            objects.add(new Object());
          }
          System.out.println("auditor " + auditor.seen + " hashes " + objects);
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replaysAndLaterRecordingsTakeTheRecordedRewritesAndReplayAlike(Jvm jvm) throws Exception {
    Path work = Scratch.dir("class-pack-" + jvm.label());
    String h2 = LibraryJars.classPath(org.h2.Driver.class);
    Path classes = JavaSource.compile(work.resolve("classes"), "Ledger", PROGRAM, h2);
    String classPath = classes.toAbsolutePath() + File.pathSeparator + h2;
    Path tmp = Files.createDirectories(work.resolve("tmp"));

    Path first = work.resolve("first");
    Outcome recorded = record(jvm, tmp, first, classPath, work);
    Path pack = onlyPack(tmp);
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(pack)));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(pack.getParent())));
    byte[] written = Files.readAllBytes(pack);
    assertTrue(written.length > 100_000, "the pack holds H2's classes: " + written.length + " bytes");
    FileTime at = FileTime.fromMillis(1_000_000_000L);
    Files.setLastModifiedTime(pack, at);

    ReplayAssertions.assertSameOutput(recorded, replay(jvm, tmp, first, work), "replay taking the pack");
    assertArrayEquals(written, Files.readAllBytes(pack), "the replay wrote the pack");
    assertEquals(at, Files.getLastModifiedTime(pack), "the replay wrote the pack");

    Path second = work.resolve("second");
    Outcome again = record(jvm, tmp, second, classPath, work);
    assertEquals(at, Files.getLastModifiedTime(pack),
        "the second recording rewrote a class the pack should have given it, and so wrote the pack");
    ReplayAssertions.assertSameOutput(again, replay(jvm, tmp, second, work), "replay of the second recording");

    Path third = work.resolve("third");
    Outcome later = record(jvm, tmp, third, classPath, work, "late");
    assertTrue(later.stdout().startsWith("late "), later.describe());
    ReplayAssertions.assertSameOutput(later, replay(jvm, tmp, third, work),
        "replay of a recording whose fresh site came before the packed ones");

    byte[] damaged = written.clone();
    for (int i = damaged.length / 7; i < damaged.length; i += damaged.length / 7) {
      damaged[i] ^= 0x5a;
    }
    Files.write(pack, damaged);
    ReplayAssertions.assertSameOutput(recorded, replay(jvm, tmp, first, work), "replay with a damaged pack");
  }

  private static Outcome record(Jvm jvm, Path tmp, Path out, String classPath, Path work, String... args) {
    Outcome recorded = Exec.run(TtdRun.withEnv(
        TtdRun.recordCommand(jvm, out, List.of(), classPath, "Ledger", List.of(args)), "TMPDIR=" + tmp), work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("entries 300 sum "), recorded.describe());
    return recorded;
  }

  private static Outcome replay(Jvm jvm, Path tmp, Path recording, Path work) {
    return TtdRun.replay(jvm, recording, work, "TMPDIR=" + tmp);
  }

  /** The one program's pack under {@code tmp}'s ttd cache (beside it, the start's pack of the JDK). */
  private static Path onlyPack(Path tmp) throws Exception {
    try (Stream<Path> files = Files.walk(tmp)) {
      List<Path> packs = files.filter(p -> p.getFileName().toString().endsWith(".pack")
          && !p.getFileName().toString().startsWith("start-")).toList();
      assertEquals(1, packs.size(), "packs: " + packs);
      return packs.get(0);
    }
  }
}
