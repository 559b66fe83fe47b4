package ttd.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * ttd.jar is appended to the application's class path when used as an agent: nothing but the tiny
 * launcher may sit at its top level, or the agent's libraries would meet the application's.
 * Runs after packaging (failsafe), on the jar and the classes directory it is made from.
 */
class PackagingIT {

  private final Path classes = Paths.get("target", "classes");

  @Test
  void onlyTheLauncherIsVisibleAtTheTopLevel() throws IOException {
    Set<String> topLevel = new TreeSet<>();
    try (var files = Files.walk(classes)) {
      files
          .filter(p -> p.toString().endsWith(".class"))
          .forEach(p -> topLevel.add(classes.relativize(p).getParent().toString()));
    }
    assertEquals(Set.of("ttd/launch"), topLevel);
  }

  @Test
  void nestsTheAgentItsLibrariesAndTheHookFacade() throws IOException {
    Path lib = classes.resolve("META-INF/ttd/lib");
    Set<String> jars = new TreeSet<>();
    try (var files = Files.list(lib)) {
      files.forEach(p -> jars.add(p.getFileName().toString().replaceAll("-[0-9].*", "")));
    }
    assertTrue(jars.containsAll(Set.of("ttd-runtime", "ttd-agent", "ttd-log", "ttd-cli", "chronicle-queue")), jars.toString());
    assertTrue(jars.stream().noneMatch(j -> j.startsWith("chronicle-analytics") || j.startsWith("jna") || j.startsWith("junit")), jars.toString());
  }

  @Test
  void theAgentCarriesItsAsmRelocatedSoNoAsmJarIsNested() throws IOException {
    Path lib = classes.resolve("META-INF/ttd/lib");
    Path agent;
    try (var files = Files.list(lib)) {
      List<Path> all = files.collect(Collectors.toList());
      assertTrue(all.stream().noneMatch(p -> p.getFileName().toString().startsWith("asm-")), all.toString());
      agent = all.stream().filter(p -> p.getFileName().toString().startsWith("ttd-agent-")).findFirst().orElseThrow();
    }
    try (JarFile jar = new JarFile(agent.toFile())) {
      List<String> names = jar.stream().map(JarEntry::getName).collect(Collectors.toList());
      assertTrue(names.contains("ttd/agent/shaded/asm/ClassReader.class"), "no relocated ASM in " + agent);
      assertTrue(names.stream().noneMatch(n -> n.startsWith("org/objectweb/")), "unrelocated ASM in " + agent);
    }
  }

  @Test
  void theManifestDeclaresBothEntryPointsAndRetransformation() throws IOException {
    Path jar = Paths.get("target", "ttd.jar");
    try (JarFile f = new JarFile(jar.toFile())) {
      var attrs = f.getManifest().getMainAttributes();
      assertEquals("ttd.launch.Main", attrs.getValue("Main-Class"));
      assertEquals("ttd.launch.PreMain", attrs.getValue("Premain-Class"));
      assertEquals("true", attrs.getValue("Can-Retransform-Classes"));
    }
  }
}
