package ttd.agent.instrument;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
      if (instrumenter.ignored(name)) {
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

  /**
   * Reads and writes the cache with {@code java.io} only, whose classes every JVM links before
   * premain: whether a start finds the cache or writes it must not link JDK classes that the
   * program would otherwise link itself (linking one draws identity hashes from the linking
   * thread, and a replay would draw them where the recording did not).
   */
  private static Map<String, Boolean> read(Path file) {
    Map<String, Boolean> cache = new TreeMap<>();
    File f = file == null ? null : file.toFile();
    if (f == null || !f.isFile()) {
      return cache;
    }
    try (FileInputStream in = new FileInputStream(f)) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
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
    File target = file.toFile();
    File tmp = new File(target.getParentFile(), "loaded-" + Long.toHexString(System.nanoTime()) + ".tmp");
    try (FileOutputStream out = new FileOutputStream(tmp)) {
      out.write(b.toString().getBytes(StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      tmp.delete();
      return; // a cache that cannot be written only costs start-up time
    }
    if (!tmp.renameTo(target)) {
      tmp.delete();
    }
  }
}
