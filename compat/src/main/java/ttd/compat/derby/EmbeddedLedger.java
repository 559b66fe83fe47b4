package ttd.compat.derby;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Apache Derby embedded, on disk: a table filled by four pool threads with commits every 100 rows,
 * an index, a grouped report and a shutdown. Derby reads its log's position through its own
 * interface over {@code RandomAccessFile}.
 */
public class EmbeddedLedger {
  public static void main(String[] args) throws Exception {
    Path home = Files.createTempDirectory("derby-ledger");
    System.setProperty("derby.system.home", home.toString());
    String url = "jdbc:derby:ledger;create=true";
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("create table entry(id int generated always as identity, who varchar(20), amount int, made timestamp)");
      s.execute("create index by_who on entry(who)");
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<Integer>> done = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      final int worker = t;
      done.add(pool.submit(() -> {
        Random random = new Random();
        int sum = 0;
        try (Connection c = DriverManager.getConnection("jdbc:derby:ledger")) {
          c.setAutoCommit(false);
          PreparedStatement insert = c.prepareStatement("insert into entry(who, amount, made) values (?, ?, current_timestamp)");
          for (int i = 0; i < 500; i++) {
            int amount = random.nextInt(1000);
            insert.setString(1, "w" + worker + "-" + (i % 7));
            insert.setInt(2, amount);
            insert.executeUpdate();
            sum += amount;
            if (i % 100 == 99) c.commit();
          }
          c.commit();
        }
        return sum;
      }));
    }
    int total = 0;
    for (Future<Integer> f : done) total += f.get();
    pool.shutdown();
    try (Connection c = DriverManager.getConnection("jdbc:derby:ledger"); Statement s = c.createStatement()) {
      ResultSet r = s.executeQuery("select who, count(*), sum(amount) from entry group by who order by 3 desc fetch first 3 rows only");
      while (r.next()) System.out.println(r.getString(1) + " " + r.getInt(2) + " " + r.getLong(3));
      r = s.executeQuery("select count(*), sum(amount), max(id) from entry");
      r.next();
      System.out.println("rows " + r.getInt(1) + " sum " + r.getLong(2) + " (threads said " + total + ") max id " + r.getInt(3));
    }
    try {
      DriverManager.getConnection("jdbc:derby:;shutdown=true");
    } catch (SQLException e) {
      System.out.println("shutdown " + e.getSQLState());
    }
    System.out.println("at " + System.currentTimeMillis() % 100000);
  }
}
