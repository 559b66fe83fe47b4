package ttd.compat.h2;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An in-memory H2 database kept open for the JVM's life ({@code DB_CLOSE_DELAY=-1}) behind a
 * HikariCP pool whose threads are still there at exit; H2 closes it in its own shutdown hook.
 */
public class CloseDelayMemoryDb {
  public static void main(String[] args) throws Exception {
    HikariDataSource ds = new HikariDataSource();
    ds.setJdbcUrl("jdbc:h2:mem:sessions;DB_CLOSE_DELAY=-1");
    ds.setMaximumPoolSize(3);
    try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
      s.execute("create table session(id uuid primary key, user_name varchar(20), started timestamp)");
    }
    ExecutorService pool = Executors.newFixedThreadPool(3);
    for (int i = 0; i < 30; i++) {
      int n = i;
      pool.submit(() -> {
        try (Connection c = ds.getConnection();
            PreparedStatement p = c.prepareStatement("insert into session values (?, ?, current_timestamp)")) {
          p.setObject(1, UUID.randomUUID());
          p.setString(2, "user" + n % 7);
          p.executeUpdate();
        }
        return null;
      });
    }
    pool.shutdown();
    pool.awaitTermination(30, TimeUnit.SECONDS);
    try (Connection c = ds.getConnection(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select user_name, count(*), min(id) from session group by user_name order by 1")) {
      while (rs.next()) {
        System.out.println(rs.getString(1) + " " + rs.getInt(2) + " " + rs.getString(3));
      }
    }
    System.out.println("active " + ds.getHikariPoolMXBean().getActiveConnections()
        + " idle " + ds.getHikariPoolMXBean().getIdleConnections());
    // no ds.close(): the pool and the database are left to the JVM's exit, as many small tools do
  }
}
