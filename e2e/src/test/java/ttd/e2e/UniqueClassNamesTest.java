package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import org.junit.jupiter.api.Test;

/**
 * No two of ttd's own top-level classes share a simple name, across all the modules ttd.jar ships
 * (issue 18; the libraries relocated into them are not ttd's): a name that appears twice (the agent's and the console's {@code Session} once) makes a
 * reader, a stack trace and a search ask which one is meant.
 */
class UniqueClassNamesTest {

  /** Where the agent's jar carries ASM relocated: ASM's names, not ttd's ({@code Frame} twice). */
  private static final String SHADED = "ttd/agent/shaded/";

  @Test
  void ttdsModulesNameEveryTopLevelClassOnce() throws IOException {
    Map<String, List<String>> byName = new TreeMap<>();
    try (JarFile dist = new JarFile(Path.of(System.getProperty("ttd.jar")).toFile())) {
      for (JarEntry nested : Collections.list(dist.entries())) {
        String n = nested.getName();
        if (n.startsWith("META-INF/ttd/lib/ttd-") && n.endsWith(".jar")) {
          try (InputStream in = dist.getInputStream(nested); JarInputStream module = new JarInputStream(in)) {
            for (JarEntry e = module.getNextJarEntry(); e != null; e = module.getNextJarEntry()) {
              String c = e.getName();
              if (c.startsWith("ttd/") && !c.startsWith(SHADED) && c.endsWith(".class") && !c.contains("$")
                  && !c.endsWith("package-info.class")) {
                String simple = c.substring(c.lastIndexOf('/') + 1, c.length() - ".class".length());
                byName.computeIfAbsent(simple, k -> new ArrayList<>()).add(c);
              }
            }
          }
        }
      }
    }
    assertTrue(byName.size() > 300, "too few of ttd's classes found in ttd.jar's modules: " + byName.size());
    Map<String, List<String>> twice = new TreeMap<>();
    byName.forEach((name, classes) -> {
      if (classes.size() > 1) {
        twice.put(name, classes);
      }
    });
    assertEquals(Map.of(), twice, "simple names given to more than one class");
  }
}
