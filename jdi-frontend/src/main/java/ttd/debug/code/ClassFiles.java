package ttd.debug.code;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

/**
 * The class files of a recorded program as they are on disk, before ttd's agent rewrote them in
 * the replay JVM: from the recorded class path (directories and jars, and the jars their
 * manifests name), and the JDK's classes from the modules image of the JDK the replay runs on.
 * The console reads them to tell the program's own bytecode offsets ({@link ProgramBci}).
 */
public final class ClassFiles {

  private final List<Path> classPath = new ArrayList<>();
  private final Path javaHome;
  private final Map<Path, JarFile> jars = new HashMap<>();
  private FileSystem jrt;
  private boolean jrtTried;

  /**
   * {@code classPath} as the recording names it ({@code :}-separated, relative to {@code
   * workingDir}); {@code javaHome} the JDK of the replay (null: none known).
   */
  public ClassFiles(String classPath, Path workingDir, Path javaHome) {
    this.javaHome = javaHome;
    for (String entry : classPath == null ? new String[0] : classPath.split(java.io.File.pathSeparator)) {
      if (!entry.isEmpty()) {
        add(workingDir.resolve(entry).normalize());
      }
    }
  }

  private void add(Path entry) {
    if (classPath.contains(entry)) {
      return;
    }
    classPath.add(entry);
    if (Files.isRegularFile(entry)) {
      try {
        JarFile jar = new JarFile(entry.toFile());
        jars.put(entry, jar);
        Manifest m = jar.getManifest();
        String more = m == null ? null : m.getMainAttributes().getValue("Class-Path");
        if (more != null) {
          for (String rel : more.trim().split("\\s+")) {
            if (!rel.isEmpty() && !rel.contains(":")) {
              add(entry.getParent().resolve(rel).normalize());
            }
          }
        }
      } catch (IOException e) {
        // not a jar: nothing to find in it
      }
    }
  }

  /**
   * Whether the class named {@code name} or a class nested in it has code at {@code line}, as
   * their class files say (a nested class the replay has not loaded yet has its lines there too);
   * null if its class file is not found.
   */
  public Boolean hasCodeAt(String name, int line) {
    byte[] b = of(name);
    if (b == null) {
      return null;
    }
    ClassFile c;
    try {
      c = new ClassFile(b);
    } catch (RuntimeException e) {
      return null;
    }
    if (c.hasLine(line)) {
      return true;
    }
    for (String n : c.nested()) {
      if (Boolean.TRUE.equals(hasCodeAt(n, line))) {
        return true;
      }
    }
    return false;
  }

  /** The bytes of class {@code name} (binary name, e.g. {@code a.B$C}), or null if it is not found. */
  public synchronized byte[] of(String name) {
    String file = name.replace('.', '/') + ".class";
    for (Path entry : classPath) {
      try {
        JarFile jar = jars.get(entry);
        if (jar != null) {
          ZipEntry z = jar.getEntry(file);
          if (z != null) {
            try (InputStream in = jar.getInputStream(z)) {
              return in.readAllBytes();
            }
          }
        } else if (Files.isRegularFile(entry.resolve(file))) {
          return Files.readAllBytes(entry.resolve(file));
        }
      } catch (IOException e) {
        // unreadable: look further
      }
    }
    return fromJdk(file);
  }

  private byte[] fromJdk(String file) {
    if (!jrtTried) {
      jrtTried = true;
      try {
        jrt = javaHome == null || javaHome.equals(Paths.get(System.getProperty("java.home")))
            ? FileSystems.getFileSystem(URI.create("jrt:/"))
            : FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", javaHome.toString()));
      } catch (IOException | RuntimeException e) {
        jrt = null;
      }
    }
    if (jrt == null) {
      return null;
    }
    try {
      Path modules = jrt.getPath("/modules");
      try (var dirs = Files.list(modules)) {
        for (Path module : (Iterable<Path>) dirs::iterator) {
          Path p = module.resolve(file);
          if (Files.isRegularFile(p)) {
            return Files.readAllBytes(p);
          }
        }
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }
}
