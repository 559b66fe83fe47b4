package ttd.samples.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A service's configuration loader in the style of {@code /etc/*.d} directories: every {@code
 * *.properties} file of {@code conf.d} is merged, later files overriding earlier ones, so {@code
 * 00-defaults} is meant to come first and {@code 90-local} last. On its first run it installs its
 * packaged defaults and the site's settings into {@code conf.d}.
 *
 * <p>Bug: it merges the files in the order the directory lists them ({@code Files.list}), as if
 * that were the order of their names. The file system decides that order (ext4 lists in hash order
 * with a seed of its own, tmpfs newest first, others in creation order), so on some machines a
 * default is applied after the site's file and overrides it: the pool is sized from the default,
 * and the capacity check fails. Sorting the paths fixes it.
 */
public final class OverlayConfig {

  private static final Map<String, String> PACKAGED =
      Map.of(
          "00-defaults.properties", "pool.size=4\nregion=eu-west\nrequest.timeout.ms=2000\n",
          "50-site.properties", "pool.size=32\npeak.requests=600\n",
          "90-local.properties", "request.timeout.ms=5000\n",
          "README", "Files are applied in name order; later files override earlier ones.\n");

  private static final int REQUESTS_PER_CONNECTION = 25;

  private OverlayConfig() {}

  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : "conf.d");
    if (!Files.isDirectory(dir)) {
      install(dir);
    }
    Map<String, String> config = new TreeMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> overlays =
          files.filter(p -> p.getFileName().toString().endsWith(".properties")).collect(Collectors.toList());
      for (Path overlay : overlays) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(overlay, StandardCharsets.UTF_8)) {
          p.load(r);
        }
        System.out.println("applied " + overlay.getFileName() + " (" + Files.size(overlay) + " bytes)");
        for (String key : p.stringPropertyNames()) {
          config.put(key, p.getProperty(key));
        }
      }
    }
    System.out.println("effective configuration: " + config);
    int pool = Integer.parseInt(config.getOrDefault("pool.size", "1"));
    int peak = Integer.parseInt(config.getOrDefault("peak.requests", "0"));
    if (pool * REQUESTS_PER_CONNECTION < peak) {
      System.err.println("capacity check failed: " + pool + " connections serve "
          + pool * REQUESTS_PER_CONNECTION + " requests, the site expects " + peak);
      System.exit(1);
    }
    System.out.println("capacity check passed: " + pool + " connections for " + peak + " requests");
    System.out.println("EXIT-SUCCESS");
  }

  private static void install(Path dir) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, String> file : new TreeMap<>(PACKAGED).entrySet()) {
      Files.writeString(dir.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
    }
    System.out.println("installed " + PACKAGED.size() + " files into " + dir);
  }
}
