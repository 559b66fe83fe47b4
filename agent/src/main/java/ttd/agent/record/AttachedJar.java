package ttd.agent.record;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * The jar of an agent another process had the JVM load: the JVM appended it to the system class
 * path and loaded the agent's class from there, so the class's code source names it. The
 * recording keeps a copy, since the jar may be a temporary file its attacher wrote.
 */
final class AttachedJar {

  private AttachedJar() {}

  /** The jar {@code agentClass} was loaded from by the system class loader. */
  static Path of(String agentClass) throws IOException {
    Class<?> agent;
    try {
      agent = Class.forName(agentClass, false, ClassLoader.getSystemClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IOException("the system class loader does not find " + agentClass);
    }
    CodeSource source = agent.getProtectionDomain().getCodeSource();
    URL location = source == null ? null : source.getLocation();
    if (location == null || !"file".equals(location.getProtocol())) {
      throw new IOException(agentClass + " was not loaded from a jar file");
    }
    try {
      Path jar = Path.of(location.toURI());
      if (!Files.isRegularFile(jar)) {
        throw new IOException(jar + " is not a file");
      }
      return jar;
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw new IOException(agentClass + " was loaded from " + location + ", which is not a file");
    }
  }
}
