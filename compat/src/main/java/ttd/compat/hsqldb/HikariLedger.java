package ttd.compat.hsqldb;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Random;

/** A ledger in an HSQLDB file database behind HikariCP, with transactions and a shutdown on close. */
public class HikariLedger {
  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("hsqldb");
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl("jdbc:hsqldb:file:" + dir.resolve("ledger") + ";shutdown=true;hsqldb.write_delay=false");
    config.setUsername("SA");
    config.setMaximumPoolSize(2);
    Random random = new Random();
    try (HikariDataSource ds = new HikariDataSource(config)) {
      try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
        s.execute("create table account(id int primary key, owner varchar(20), balance decimal(12,2))");
        s.execute("create table entry(id int generated always as identity primary key, account int,"
            + " amount decimal(12,2), posted timestamp default current_timestamp)");
        for (int a = 0; a < 5; a++) {
          s.execute("insert into account values (" + a + ", 'owner" + a + "', 1000.00)");
        }
      }
      int committed = 0;
      int rolledBack = 0;
      for (int t = 0; t < 80; t++) {
        try (Connection c = ds.getConnection()) {
          c.setAutoCommit(false);
          int from = random.nextInt(5);
          int to = (from + 1 + random.nextInt(4)) % 5;
          BigDecimal amount = BigDecimal.valueOf(random.nextInt(50_000), 2);
          try (PreparedStatement debit = c.prepareStatement("update account set balance = balance - ? where id = ?");
              PreparedStatement credit = c.prepareStatement("update account set balance = balance + ? where id = ?");
              PreparedStatement entry = c.prepareStatement("insert into entry(account, amount) values (?, ?)");
              PreparedStatement check = c.prepareStatement("select balance from account where id = ?")) {
            debit.setBigDecimal(1, amount);
            debit.setInt(2, from);
            debit.executeUpdate();
            credit.setBigDecimal(1, amount);
            credit.setInt(2, to);
            credit.executeUpdate();
            entry.setInt(1, from);
            entry.setBigDecimal(2, amount.negate());
            entry.executeUpdate();
            check.setInt(1, from);
            try (ResultSet rs = check.executeQuery()) {
              rs.next();
              if (rs.getBigDecimal(1).signum() < 0) {
                c.rollback();
                rolledBack++;
              } else {
                c.commit();
                committed++;
              }
            }
          }
        }
      }
      System.out.println("committed " + committed + " rolled back " + rolledBack);
      try (Connection c = ds.getConnection(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select a.owner, a.balance, count(e.id) from account a left join entry e"
              + " on e.account = a.id group by a.owner, a.balance order by 1")) {
        while (rs.next()) {
          System.out.println(rs.getString(1) + " " + rs.getBigDecimal(2) + " " + rs.getInt(3));
        }
      }
    }
    try (var files = Files.walk(dir)) {
      for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        if (!f.equals(dir)) {
          System.out.println("file " + dir.relativize(f));
        }
        Files.delete(f);
      }
    }
  }
}
