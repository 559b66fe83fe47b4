package ttd.compat.ehcache;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.ehcache.Cache;
import org.ehcache.PersistentCacheManager;
import org.ehcache.config.builders.CacheConfigurationBuilder;
import org.ehcache.config.builders.CacheManagerBuilder;
import org.ehcache.config.builders.ResourcePoolsBuilder;
import org.ehcache.config.units.EntryUnit;
import org.ehcache.config.units.MemoryUnit;

/**
 * An Ehcache 3 cache with a heap tier over a persistent disk tier (the disk store maps its data
 * file for writing), filled, closed and reopened to read back what it kept.
 */
public class PersistentTiers {
  private static final int ORDERS = 3000;

  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("ehcache");
    long sum = 0;
    try (PersistentCacheManager manager = open(dir)) {
      Cache<Long, String> orders = manager.getCache("orders", Long.class, String.class);
      for (long id = 0; id < ORDERS; id++) {
        orders.put(id, UUID.randomUUID() + ":" + ThreadLocalRandom.current().nextInt(1000));
      }
      for (long id = 0; id < ORDERS; id += 7) {
        String order = orders.get(id);
        sum += order == null ? -1 : order.hashCode();
      }
      System.out.println("order 42 " + orders.get(42L));
    }
    System.out.println("first pass " + sum + " at " + System.currentTimeMillis() % 100_000);
    long found = 0;
    try (PersistentCacheManager manager = open(dir)) {
      Cache<Long, String> orders = manager.getCache("orders", Long.class, String.class);
      for (long id = 0; id < ORDERS; id++) {
        String order = orders.get(id);
        if (order != null) {
          found++;
          sum += order.hashCode();
        }
      }
      System.out.println("order 42 again " + orders.get(42L));
      manager.removeCache("orders");
    }
    try (var files = Files.walk(dir)) {
      System.out.println("reopened: found " + found + " sum " + sum + ", " + files.count() + " files left");
    }
  }

  private static PersistentCacheManager open(Path dir) {
    return CacheManagerBuilder.newCacheManagerBuilder()
        .with(CacheManagerBuilder.persistence(dir.toFile()))
        .withCache("orders", CacheConfigurationBuilder.newCacheConfigurationBuilder(Long.class, String.class,
            ResourcePoolsBuilder.newResourcePoolsBuilder()
                .heap(100, EntryUnit.ENTRIES)
                .disk(20, MemoryUnit.MB, true)))
        .build(true);
  }
}
