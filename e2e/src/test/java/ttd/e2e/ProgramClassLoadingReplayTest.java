package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Classes a program loads from files it wrote or read itself replay from the recording with
 * those files gone: a class file copied into a temporary directory and loaded by a {@code
 * URLClassLoader}; a jar the program builds with {@code JarOutputStream} and reads through {@code
 * ServiceLoader}, {@code getResourceAsStream} and {@code JarFile}; {@code defineClass} of bytes
 * it read; and {@code MethodHandles.Lookup.defineClass}. The plugins' own directory is deleted
 * before the replay; only the program's class path is there.
 */
class ProgramClassLoadingReplayTest {

  private static final String GREETER = "public interface Greeter { String greet(String who); }\n";

  private static final String HELLO = """
      public class Hello implements Greeter {
        static class Detail { static long stamp() { return System.nanoTime() % 1000; } }
        public String greet(String who) {
          return "hello " + who + " " + Detail.stamp() + " " + java.util.UUID.randomUUID().toString().substring(0, 8);
        }
      }
      """;

  private static final String LOOKUP =
      "public class Lookup { public String toString() { return \"defined at \" + System.currentTimeMillis() % 1000; } }\n";

  private static final String LOADERS = """
      import java.io.*;
      import java.lang.invoke.MethodHandles;
      import java.net.*;
      import java.nio.file.*;
      import java.util.*;
      import java.util.jar.*;
      public class Loaders {
        public static void main(String[] a) throws Exception {
          Path plugins = Paths.get(a[0]);
          Path dir = Files.createTempDirectory("plugins");
          for (String c : new String[] {"Hello", "Hello$Detail"}) Files.copy(plugins.resolve(c + ".class"), dir.resolve(c + ".class"));
          try (URLClassLoader l = new URLClassLoader(new URL[] {dir.toUri().toURL()}, Loaders.class.getClassLoader())) {
            Greeter g = (Greeter) l.loadClass("Hello").getConstructor().newInstance();
            System.out.println("directory: " + g.greet("dir") + " " + (l.getResource("Hello.class") != null));
          }
          for (String c : new String[] {"Hello", "Hello$Detail"}) Files.delete(dir.resolve(c + ".class"));

          Path jar = dir.resolve("plugin.jar");
          Manifest mf = new Manifest();
          mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
          mf.getMainAttributes().putValue("Built", String.valueOf(System.nanoTime() % 1000));
          try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf)) {
            for (String c : new String[] {"Hello", "Hello$Detail"}) {
              out.putNextEntry(new JarEntry(c + ".class"));
              out.write(Files.readAllBytes(plugins.resolve(c + ".class")));
            }
            out.putNextEntry(new JarEntry("META-INF/services/Greeter"));
            out.write("Hello\\n".getBytes());
            out.putNextEntry(new JarEntry("note.txt"));
            out.write(("note " + System.currentTimeMillis() % 100000).getBytes());
          }
          try (URLClassLoader l = new URLClassLoader(new URL[] {jar.toUri().toURL()}, Loaders.class.getClassLoader())) {
            for (Greeter g : ServiceLoader.load(Greeter.class, l)) System.out.println("jar: " + g.greet("jar"));
            try (InputStream in = l.getResourceAsStream("note.txt")) { System.out.println("resource: " + new String(in.readAllBytes())); }
            try (JarFile f = new JarFile(jar.toFile())) {
              System.out.println("manifest: " + f.getManifest().getMainAttributes().getValue("Built") + " entries " + f.size()
                  + " time " + f.getEntry("note.txt").getTime() % 100000);
            }
          }
          Files.delete(jar);
          Files.delete(dir);

          byte[] hello = Files.readAllBytes(plugins.resolve("Hello.class"));
          ClassLoader own = new ClassLoader(Loaders.class.getClassLoader()) {
            @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
              try {
                byte[] b = name.equals("Hello") ? hello : Files.readAllBytes(plugins.resolve(name + ".class"));
                return defineClass(name, b, 0, b.length);
              } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
              }
            }
          };
          System.out.println("bytes: " + ((Greeter) own.loadClass("Hello").getConstructor().newInstance()).greet("bytes"));

          Class<?> defined = MethodHandles.lookup().defineClass(Files.readAllBytes(plugins.resolve("Lookup.class")));
          System.out.println("lookup: " + defined.getConstructor().newInstance()
              + " " + (defined.getClassLoader() == Loaders.class.getClassLoader()));
        }
      }
      """;

  private static final String PLUGIN =
      "public class Plugin { public String toString() { return \"hello \" + System.nanoTime() % 7; } }\n";

  /** Issue 12's program: a class file of its own class path copied, loaded alone, deleted. */
  private static final String PLUGINS = """
      import java.net.*;
      import java.nio.file.*;
      public class Plugins {
        public static void main(String[] a) throws Exception {
          Path dir = Files.createTempDirectory("plugins");
          Path src = Paths.get(Plugins.class.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve("Plugin.class");
          Files.copy(src, dir.resolve("Plugin.class"));
          try (URLClassLoader l = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            Object p = l.loadClass("Plugin").getConstructor().newInstance();
            System.out.println("plugin says " + p + " from " + p.getClass().getClassLoader().getClass().getSimpleName());
          }
          Files.delete(dir.resolve("Plugin.class")); Files.delete(dir);
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void pluginsFromDirectoriesJarsAndBytesReplayWithTheirFilesGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("class-loading-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Greeter", GREETER);
    JavaSource.compile(classes, "Loaders", LOADERS, classes.toString());
    Path plugins = JavaSource.compile(work.resolve("plugins"), "Hello", HELLO, classes.toString());
    JavaSource.compile(plugins, "Lookup", LOOKUP);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Loaders",
        plugins.toAbsolutePath().toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(6, recorded.stdoutLines().size(), recorded.describe());
    assertTrue(recorded.stdout().contains("jar: hello jar ") && recorded.stdout().contains(" entries 5 time "),
        recorded.describe());

    Scratch.deleteTree(plugins);
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay of Loaders");
    assertFalse(Files.exists(plugins), "the replay made the plugins' directory");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aClassCopiedFromTheClassPathAndLoadedAloneReplays(Jvm jvm) {
    Path work = Scratch.dir("plugins-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Plugin", PLUGIN);
    JavaSource.compile(classes, "Plugins", PLUGINS);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Plugins");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("plugin says hello "), recorded.describe());

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay of Plugins");
  }
}
