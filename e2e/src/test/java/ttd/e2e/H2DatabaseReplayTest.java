package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program keeps its stock in an H2 file database (H2's own storage engine, its background
 * writer thread, JDBC): it is recorded, its database directory is deleted, and it replays with
 * the same lines, the timestamps and random parts included, and makes no database.
 */
class H2DatabaseReplayTest {

  private static final String INVENTORY = String.join("\n",
      "import java.sql.*;",
      "import java.util.Random;",
      "public class Inventory {",
      "  public static void main(String[] a) throws Exception {",
      "    try (Connection c = DriverManager.getConnection(\"jdbc:h2:file:\" + a[0] + \"/stock\", \"sa\", \"\")) {",
      "      try (Statement s = c.createStatement()) {",
      "        s.execute(\"create table item(id int auto_increment primary key, name varchar(40), qty int,\"",
      "            + \" added timestamp)\");",
      "      }",
      "      Random r = new Random();",
      "      try (PreparedStatement p = c.prepareStatement(",
      "          \"insert into item(name, qty, added) values (?, ?, current_timestamp)\")) {",
      "        for (int i = 0; i < 40; i++) {",
      "          p.setString(1, \"part-\" + r.nextInt(50));",
      "          p.setInt(2, r.nextInt(10));",
      "          p.executeUpdate();",
      "        }",
      "      }",
      "      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(",
      "          \"select name, sum(qty), count(*), max(added) from item group by name order by 2 desc, 1 limit 5\")) {",
      "        while (rs.next()) {",
      "          System.out.println(rs.getString(1) + \" \" + rs.getInt(2) + \" \" + rs.getInt(3) + \" \" + rs.getTimestamp(4));",
      "        }",
      "      }",
      "      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(\"select count(*) from item\")) {",
      "        rs.next();",
      "        System.out.println(\"rows \" + rs.getInt(1));",
      "      }",
      "    }",
      "  }",
      "}",
      "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void anH2FileDatabaseProgramReplaysAfterItsDatabaseIsDeleted(Jvm jvm) throws Exception {
    Path work = Scratch.dir("h2-inventory-" + jvm.label());
    String h2 = LibraryJars.classPath(org.h2.Driver.class);
    Path classes = JavaSource.compile(work.resolve("classes"), "Inventory", INVENTORY, h2);
    Path db = work.resolve("db").toAbsolutePath();
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toAbsolutePath() + File.pathSeparator + h2, "Inventory",
        db.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().endsWith("rows 40\n") && recorded.stdout().lines().count() == 6, recorded.describe());
    assertTrue(Files.isRegularFile(db.resolve("stock.mv.db")), "the recording wrote its database");

    Scratch.deleteTree(db);
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of the H2 program");
    assertFalse(Files.exists(db), "the replay made a database directory");
  }
}
