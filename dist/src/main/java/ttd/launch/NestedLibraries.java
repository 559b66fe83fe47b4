package ttd.launch;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The libraries nested in ttd.jar, unpacked once into a private cache and loaded in isolation.
 *
 * <p>A class loader cannot read a jar inside a jar, so the nested jars are copied out to {@code
 * $TMPDIR/ttd-<user>/<jar identity>/} (or {@code /tmp/...}) on first use; later runs of the same ttd.jar reuse the copy,
 * which keeps start-up (paid again by every replay) short. The cache directory is owner-only and
 * filled under a temporary name, then renamed, so concurrent first runs cannot see half a copy.
 */
final class NestedLibraries {

  private static final String PREFIX = "META-INF/ttd/lib/";
  private static final String RUNTIME_PREFIX = "ttd-runtime-";

  private final Path dir;
  private final List<Path> jars;

  private NestedLibraries(Path dir, List<Path> jars) {
    this.dir = dir;
    this.jars = jars;
  }

  /** Unpacks (or finds already unpacked) the libraries of the ttd.jar that holds {@code anchor}. */
  static NestedLibraries of(Class<?> anchor) throws Exception {
    Path jar = Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    if (!Files.isRegularFile(jar)) {
      throw new IOException("ttd must run from ttd.jar, not from " + jar);
    }
    Path root = privateRoot();
    String id =
        Long.toHexString(Files.size(jar))
            + "-"
            + Long.toHexString(Files.getLastModifiedTime(jar).toMillis())
            + "-"
            + Integer.toHexString(jar.toAbsolutePath().toString().hashCode());
    Path dir = root.resolve(id);
    if (!Files.isDirectory(dir)) {
      unpackOffThread(jar, root, dir);
    }
    List<Path> jars = new ArrayList<>();
    try (var list = Files.list(dir)) {
      list.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(jars::add);
    }
    return new NestedLibraries(dir, jars);
  }

  /**
   * Unpacks on a thread of its own. Only the first run of a ttd.jar unpacks, and what the copy
   * hashes would otherwise come from the main thread's identity-hash sequence, so that the first
   * recording's hashes would differ from its replay's, which finds the copy already there.
   */
  private static void unpackOffThread(Path jar, Path root, Path dir) throws Exception {
    Exception[] failure = new Exception[1];
    Runnable work =
        new Runnable() { // not a lambda: linking one hashes objects on this thread too
          @Override
          public void run() {
            try {
              unpack(jar, root, dir);
            } catch (Exception e) {
              failure[0] = e;
            }
          }
        };
    Thread unpacker = new Thread(work, "ttd-unpack");
    unpacker.start();
    unpacker.join();
    if (failure[0] != null) {
      throw failure[0];
    }
  }

  /**
   * {@code ttd-<user>} in the system's temp directory ({@code $TMPDIR}, else {@code /tmp}), not in
   * the program's {@code java.io.tmpdir}: a program run with a temp directory of its own would find
   * ttd's cache among its files while recording, and a replay would make that directory again, a
   * side effect, where the recording's is gone.
   */
  private static Path privateRoot() throws IOException {
    String tmp = System.getenv("TMPDIR");
    Path root = Paths.get(tmp == null || tmp.isEmpty() ? "/tmp" : tmp, "ttd-" + System.getProperty("user.name"));
    if (!Files.isDirectory(root)) {
      try {
        Files.createDirectories(root);
      } catch (FileAlreadyExistsException e) {
        // created by a concurrent first run
      }
    }
    if (!Files.getOwner(root).getName().equals(System.getProperty("user.name"))) {
      throw new IOException(root + " belongs to another user; remove it or set TMPDIR");
    }
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
    return root;
  }

  /**
   * Copies with {@code java.io} only, whose classes every JVM links before premain. The first link
   * of a JDK class (temporary files' random names, {@code Files.copy}) draws identity hashes, from
   * whichever thread links it; if this first run linked what a later one does not, the program of
   * a recording made by the first run would draw fewer hashes than its replay, made by a later one.
   */
  private static void unpack(Path jar, Path root, Path dir) throws IOException {
    File tmp = new File(root.toFile(), "unpack-" + Long.toHexString(System.nanoTime()));
    if (!tmp.mkdir()) {
      throw new IOException("cannot create " + tmp);
    }
    try (JarFile jf = new JarFile(jar.toFile())) {
      Enumeration<JarEntry> entries = jf.entries();
      while (entries.hasMoreElements()) {
        JarEntry e = entries.nextElement();
        String name = e.getName();
        if (name.startsWith(PREFIX) && name.endsWith(".jar")) {
          try (InputStream in = jf.getInputStream(e);
              OutputStream out = new FileOutputStream(new File(tmp, name.substring(PREFIX.length())))) {
            in.transferTo(out);
          }
        }
      }
    }
    if (!tmp.renameTo(dir.toFile())) {
      // A concurrent first run got there first (rename(2) refuses a non-empty target): its copy
      // is as good as ours.
      deleteTree(tmp);
      if (!Files.isDirectory(dir)) {
        throw new IOException("cannot move " + tmp + " to " + dir);
      }
    }
  }

  private static void deleteTree(File tmp) {
    File[] files = tmp.listFiles();
    for (File f : files == null ? new File[0] : files) {
      f.delete();
    }
    tmp.delete();
  }

  /** The hook façade's jar, whose classes go into the bootstrap loader. */
  Path runtimeJar() throws IOException {
    for (Path p : jars) {
      if (p.getFileName().toString().startsWith(RUNTIME_PREFIX)) {
        return p;
      }
    }
    throw new IOException("ttd.jar is incomplete: no " + RUNTIME_PREFIX + "*.jar in " + dir);
  }

  /**
   * A loader for everything but the hook façade, whose parent is the platform loader: the
   * application cannot see it and it cannot see the application.
   */
  ClassLoader isolatedLoader(String name) throws IOException {
    List<URL> urls = new ArrayList<>();
    Path runtime = runtimeJar();
    for (Path p : jars) {
      if (!p.equals(runtime)) {
        urls.add(p.toUri().toURL());
      }
    }
    return new URLClassLoader(name, urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
  }
}
