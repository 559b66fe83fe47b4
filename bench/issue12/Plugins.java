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
