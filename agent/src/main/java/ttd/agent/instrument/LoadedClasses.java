package ttd.agent.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Picks the classes already loaded when the agent starts that need retransforming.
 *
 * <p>About 700 (JDK 17) to 830 (JDK 25) classes are loaded before premain; reading and scanning all
 * of them costs half a second, and retransforming all of them more. The verdict per class depends
 * only on the JDK and on ttd itself, so it is cached in a file next to ttd's unpacked libraries
 * (which are per ttd.jar) keyed by the JDK: every later start, and every replay, only reads it.
 */
public final class LoadedClasses {

  private LoadedClasses() {}

  /** The loaded classes to retransform, using (and updating) the cache in {@code cacheDir}. */
  public static List<Class<?>> toRetransform(
      Instrumentation inst, ClassFileInstrumenter instrumenter, ClassLoader agentLoader, Path cacheDir) {
    Path cacheFile = cacheDir == null ? null : cacheDir.resolve(cacheName());
    Map<String, Boolean> cache = read(cacheFile);
    boolean grew = false;
    List<Class<?>> result = new ArrayList<>();
    for (Class<?> c : inst.getAllLoadedClasses()) {
      if (c.isArray() || c.isHidden() || c.getClassLoader() == agentLoader || !inst.isModifiableClass(c)) {
        continue;
      }
      String name = c.getName().replace('.', '/');
      if (ClassFileInstrumenter.ignored(name)) {
        continue;
      }
      Boolean verdict = instrumenter.isTargetType(name) ? Boolean.TRUE : cache.get(name);
      if (verdict == null) {
        verdict = scan(instrumenter, c, name);
        if (c.getClassLoader() == null) {
          cache.put(name, verdict);
          grew = true;
        }
      }
      if (verdict) {
        result.add(c);
      }
    }
    if (grew && cacheFile != null) {
      write(cacheFile, cache);
    }
    return result;
  }

  private static boolean scan(ClassFileInstrumenter instrumenter, Class<?> c, String name) {
    ClassLoader l = c.getClassLoader();
    String resource = name + ".class";
    try (InputStream in =
        l == null ? ClassLoader.getSystemResourceAsStream(resource) : l.getResourceAsStream(resource)) {
      return in != null && instrumenter.needsRetransform(name, in.readAllBytes());
    } catch (IOException | RuntimeException e) {
      return true; // cannot tell: retransforming is always safe, only slower
    }
  }

  private static String cacheName() {
    String jdk = System.getProperty("java.home") + "|" + System.getProperty("java.runtime.version");
    return "loaded-classes-" + Integer.toHexString(jdk.hashCode()) + ".txt";
  }

  private static Map<String, Boolean> read(Path file) {
    Map<String, Boolean> cache = new TreeMap<>();
    if (file == null || !Files.isRegularFile(file)) {
      return cache;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        int sp = line.indexOf(' ');
        if (sp > 0) {
          cache.put(line.substring(sp + 1), line.charAt(0) == '1');
        }
      }
    } catch (IOException e) {
      cache.clear();
    }
    return cache;
  }

  private static void write(Path file, Map<String, Boolean> cache) {
    StringBuilder b = new StringBuilder();
    cache.forEach((k, v) -> b.append(v ? '1' : '0').append(' ').append(k).append('\n'));
    try {
      Path tmp = Files.createTempFile(file.getParent(), "loaded-", ".tmp");
      Files.writeString(tmp, b, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      // a cache that cannot be written only costs start-up time
    }
  }
}
