package ttd.compat.h2;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** An H2 file database behind a HikariCP pool, written by several threads and queried. */
public class HikariInventory {
  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("h2-hikari");
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl("jdbc:h2:file:" + dir.resolve("inventory"));
    config.setUsername("sa");
    config.setMaximumPoolSize(4);
    config.setPoolName("inventory-pool");
    try (HikariDataSource ds = new HikariDataSource(config)) {
      try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
        s.execute("create table stock(id identity primary key, sku varchar(20), qty int, worker varchar(40),"
            + " at timestamp default current_timestamp)");
      }
      ExecutorService pool = Executors.newFixedThreadPool(4);
      List<Future<Integer>> done = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        done.add(pool.submit(() -> {
          Random random = new Random();
          int rows = 0;
          try (Connection c = ds.getConnection();
              PreparedStatement p = c.prepareStatement("insert into stock(sku, qty, worker) values (?, ?, ?)")) {
            for (int i = 0; i < 60; i++) {
              p.setString(1, "sku-" + random.nextInt(25));
              p.setInt(2, random.nextInt(20) - 5);
              p.setString(3, Thread.currentThread().getName());
              rows += p.executeUpdate();
            }
          }
          return rows;
        }));
      }
      int total = 0;
      for (Future<Integer> f : done) {
        total += f.get();
      }
      pool.shutdown();
      System.out.println("inserted " + total);
      try (Connection c = ds.getConnection(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select sku, sum(qty), count(*), min(at) <= max(at) from stock"
              + " group by sku having sum(qty) > 20 order by 2 desc, 1 limit 6")) {
        while (rs.next()) {
          System.out.println(rs.getString(1) + " " + rs.getInt(2) + " " + rs.getInt(3) + " " + rs.getBoolean(4));
        }
      }
      try (Connection c = ds.getConnection(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select worker, count(*) from stock group by worker order by 1")) {
        while (rs.next()) {
          System.out.println(rs.getString(1) + " " + rs.getInt(2));
        }
      }
      System.out.println("pool " + ds.getHikariPoolMXBean().getTotalConnections());
    }
    try (var files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        System.out.println("file " + f.getFileName());
        Files.delete(f);
      }
    }
    Files.delete(dir);
  }
}
