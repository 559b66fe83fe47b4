package ttd.launch;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The libraries nested in ttd.jar, unpacked once into a private cache and loaded in isolation.
 *
 * <p>A class loader cannot read a jar inside a jar, so the nested jars are copied out to {@code
 * $TMPDIR/ttd-<uid>/<jar identity>/} (or {@code /tmp/...}) on first use; later runs of the same ttd.jar reuse the copy,
 * which keeps start-up (paid again by every replay) short. The cache is keyed by the number of the
 * user the JVM runs as, and opened and checked without races ({@link PrivateDirectory}). A copy is
 * filled under a temporary name: each jar is written, read back and compared by SHA-256 with the
 * bytes ttd.jar holds, and a list of what was verified ({@link #STAMP}: each jar's digest, size,
 * modification time and inode) is written last, before the copy is renamed into place, so that
 * concurrent first runs never see half a copy. A later run loads the copy only if every jar is
 * still the very file that was verified (same inode, size and time, which only the owner can
 * change in an owner-only directory); anything else is removed and unpacked again.
 */
final class NestedLibraries {

  private static final String PREFIX = "META-INF/ttd/lib/";
  private static final String RUNTIME_PREFIX = "ttd-runtime-";
  /** The list of verified jars in a copy; written last, so a copy without it is not complete. */
  static final String STAMP = "verified";

  private final Path dir;
  private final List<Path> jars;

  private NestedLibraries(Path dir, List<Path> jars) {
    this.dir = dir;
    this.jars = jars;
  }

  /** What {@link #check} found for a copy. */
  private enum Copy {
    MISSING,
    VERIFIED,
    UNTRUSTED
  }

  /**
   * Unpacks (or finds already unpacked and verified) the libraries of the ttd.jar that holds {@code
   * anchor}, for the agent of a recorded or replayed JVM: after a {@linkplain #rehearse rehearsal}.
   */
  static NestedLibraries forAgent(Class<?> anchor) throws Exception {
    return of(jarOf(anchor), systemTmp(), true);
  }

  /**
   * The same for the tool's own JVM ({@code java -jar ttd.jar}), which nobody records, so it skips
   * the rehearsal: a replay or a debugger's go-back starts its JVM about 30 ms sooner.
   */
  static NestedLibraries forTool(Class<?> anchor) throws Exception {
    return of(jarOf(anchor), systemTmp(), false);
  }

  private static Path jarOf(Class<?> anchor) throws Exception {
    return Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /**
   * The system's temporary directory ({@code $TMPDIR}, else {@code /tmp}), not the program's {@code
   * java.io.tmpdir}: a program run with a temporary directory of its own would find ttd's cache
   * among its files while recording, and a replay would make that directory again, a side effect,
   * where the recording's is gone.
   */
  private static Path systemTmp() {
    String tmp = System.getenv("TMPDIR");
    return Paths.get(tmp == null || tmp.isEmpty() ? "/tmp" : tmp).toAbsolutePath();
  }

  /** Unpacks (or finds already unpacked and verified) the libraries of {@code jar} into its cache under {@code tmp}. */
  static NestedLibraries of(Path jar, Path tmp) throws Exception {
    return of(jar, tmp, true);
  }

  private static NestedLibraries of(Path jar, Path tmp, boolean rehearse) throws Exception {
    if (!Files.isRegularFile(jar)) {
      throw new IOException("ttd must run from ttd.jar, not from " + jar);
    }
    List<String> names = nestedJars(jar);
    CurrentUser me = CurrentUser.find(tmp);
    String id =
        Long.toHexString(Files.size(jar))
            + "-"
            + Long.toHexString(Files.getLastModifiedTime(jar).toMillis())
            + "-"
            + Integer.toHexString(jar.toAbsolutePath().toString().hashCode());
    try (PrivateDirectory shared = PrivateDirectory.openShared(tmp, me)) {
      if (rehearse) {
        rehearse(jar, shared, names, me);
      }
      try (PrivateDirectory root = shared.child("ttd-" + me.uid(), me, true)) {
        return of(jar, root, id, names, me);
      }
    }
  }

  /**
   * Finds the copy {@code id} in {@code root}, unpacking it first if it is missing or untrusted.
   * Every run does the same on this thread, whatever it finds: it checks, starts and joins the
   * thread that unpacks (which has nothing to do when the copy is there) and checks again.
   */
  private static NestedLibraries of(Path jar, PrivateDirectory root, String id, List<String> names, CurrentUser me)
      throws Exception {
    Copy copy = check(root, id, names, me);
    unpackOffThread(jar, root, id, names, me, copy);
    if (check(root, id, names, me) != Copy.VERIFIED) {
      throw new IOException("the copy of ttd.jar's libraries in " + root.path().resolve(id) + " does not verify");
    }
    Path dir = root.path().resolve(id);
    List<Path> jars = new ArrayList<>();
    for (String n : names) {
      jars.add(dir.resolve(n));
    }
    return new NestedLibraries(dir, jars);
  }

  /** The names of the jars nested in ttd.jar, sorted. */
  private static List<String> nestedJars(Path jar) throws IOException {
    List<String> names = new ArrayList<>();
    try (JarFile jf = new JarFile(jar.toFile())) {
      Enumeration<JarEntry> entries = jf.entries();
      while (entries.hasMoreElements()) {
        String name = entries.nextElement().getName();
        if (name.startsWith(PREFIX) && name.endsWith(".jar") && name.indexOf('/', PREFIX.length()) < 0) {
          names.add(name.substring(PREFIX.length()));
        }
      }
    }
    if (names.isEmpty()) {
      throw new IOException(jar + " holds no libraries; is it ttd.jar?");
    }
    names.sort(null);
    return names;
  }

  /** Whether the copy {@code id} is there and still exactly what was verified when it was made. */
  private static Copy check(PrivateDirectory root, String id, List<String> names, CurrentUser me)
      throws IOException {
    try (PrivateDirectory lib = root.child(id, me, false)) {
      if (lib == null) {
        return Copy.MISSING;
      }
      byte[] stamp = lib.read(STAMP);
      if (lib.wasOpenToOthers() || stamp == null) {
        return Copy.UNTRUSTED;
      }
      Map<String, String> verified = parse(stamp);
      if (!verified.keySet().equals(new java.util.HashSet<>(names))) {
        return Copy.UNTRUSTED;
      }
      for (String n : names) {
        BasicFileAttributes a = lib.attributes(n);
        if (a == null || !a.isRegularFile() || !verified.get(n).startsWith(fingerprint(a) + "\t")) {
          return Copy.UNTRUSTED;
        }
      }
      return Copy.VERIFIED;
    }
  }

  /** Size, modification time and inode: what changes if anyone writes or replaces the file. */
  private static String fingerprint(BasicFileAttributes a) {
    return a.size() + "\t" + a.lastModifiedTime().to(TimeUnit.NANOSECONDS) + "\t" + a.fileKey();
  }

  /** The stamp's lines, {@code name TAB fingerprint TAB sha256}, by name. */
  private static Map<String, String> parse(byte[] stamp) {
    Map<String, String> m = new HashMap<>();
    for (String line : new String(stamp, StandardCharsets.UTF_8).split("\n")) {
      int tab = line.indexOf('\t');
      if (tab > 0) {
        m.put(line.substring(0, tab), line.substring(tab + 1));
      }
    }
    return m;
  }

  /**
   * Makes and removes, on the calling thread and in every run, a copy of the hook façade's jar
   * (small, and in every ttd.jar) in a directory of its own beside the cache: made, opened again,
   * unpacked into, checked when there and when missing, and removed.
   *
   * <p>HotSpot hashes a class as it links it, from the linking thread's hash state. A run that makes
   * the cache or unpacks links JDK classes (file output, jar inflation, {@code byte[]} views,
   * the exceptions of a missing or existing directory) that a run finding its copy does not, and
   * then links the rest at other draws: the first recording after ttd.jar was installed, rebuilt
   * or its cache cleared gave {@code byte[].class}, {@code FileNotFoundException} and dozens of other
   * JDK classes other hashes than its replay, which finds the copy, and a program that printed
   * them, or kept them in a hash map (Spring's converters), did not replay. After the rehearsal
   * every run has linked those classes in the same order, and what follows links none. A
   * rehearsal that fails changes nothing else: the real unpack reports its own failures.
   */
  private static void rehearse(Path jar, PrivateDirectory shared, List<String> names, CurrentUser me) {
    String rehearsal = "ttd-" + me.uid() + "-rehearsal-" + Long.toHexString(System.nanoTime());
    try {
      for (String n : names) {
        if (n.startsWith(RUNTIME_PREFIX)) {
          try (PrivateDirectory made = shared.child(rehearsal, me, true);
              PrivateDirectory again = shared.child(rehearsal, me, true)) {
            unpack(jar, again, "copy", List.of(n), me);
            check(made, "copy", List.of(n), me);
            check(made, "missing", List.of(n), me);
            made.delete("copy");
          }
          break;
        }
      }
    } catch (IOException e) {
      // as if not rehearsed
    } finally {
      try {
        shared.delete(rehearsal);
      } catch (IOException e) {
        // left behind, owner-only, where nothing reads it
      }
    }
  }

  /**
   * Removes an untrusted copy and unpacks a missing one on a thread of its own, which every run
   * starts and joins, with nothing to do when the copy was {@code found} in place. Only the first
   * run of a ttd.jar unpacks, and what the copy hashes would otherwise come from the main thread's
   * identity-hash sequence, so that the first recording's hashes would differ from its replay's,
   * which finds the copy already there.
   */
  private static void unpackOffThread(
      Path jar, PrivateDirectory root, String id, List<String> names, CurrentUser me, Copy found) throws Exception {
    Exception[] failure = new Exception[1];
    Runnable work =
        new Runnable() { // not a lambda: linking one hashes objects on this thread too
          @Override
          public void run() {
            try {
              if (found == Copy.UNTRUSTED) {
                root.delete(id); // stale, damaged, or where another user could have written
              }
              if (found != Copy.VERIFIED) {
                unpack(jar, root, id, names, me);
              }
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
   * Copies with {@code java.io} only, whose classes every JVM links before premain. The first link
   * of a JDK class (temporary files' random names, {@code Files.copy}, {@code MessageDigest}) draws
   * identity hashes, from whichever thread links it; if this first run linked what a later one does
   * not, the program of a recording made by the first run would draw fewer hashes than its replay,
   * made by a later one.
   */
  private static void unpack(Path jar, PrivateDirectory root, String id, List<String> names, CurrentUser me)
      throws IOException {
    String tmpName = "unpack-" + Long.toHexString(System.nanoTime());
    File tmp = new File(root.path().toFile(), tmpName);
    if (!tmp.mkdir()) {
      throw new IOException("cannot create " + tmp);
    }
    Map<String, String> digests = new HashMap<>();
    try (JarFile jf = new JarFile(jar.toFile())) {
      for (String n : names) {
        Sha256 sha = new Sha256();
        try (InputStream in = jf.getInputStream(jf.getJarEntry(PREFIX + n));
            OutputStream out = new FileOutputStream(new File(tmp, n))) {
          byte[] buffer = new byte[1 << 16];
          int r;
          while ((r = in.read(buffer)) > 0) {
            sha.update(buffer, 0, r);
            out.write(buffer, 0, r);
          }
        }
        digests.put(n, sha.hex());
      }
    }
    StringBuilder stamp = new StringBuilder();
    try (PrivateDirectory copy = root.child(tmpName, me, false)) {
      for (String n : names) {
        if (!digest(new File(tmp, n)).equals(digests.get(n))) {
          throw new IOException("cannot copy " + n + " intact into " + tmp + " (is the disk full?)");
        }
        stamp.append(n).append('\t').append(fingerprint(copy.attributes(n))).append('\t').append(digests.get(n)).append('\n');
      }
    }
    try (OutputStream out = new FileOutputStream(new File(tmp, STAMP))) {
      out.write(stamp.toString().getBytes(StandardCharsets.UTF_8));
    }
    if (!tmp.renameTo(new File(root.path().toFile(), id))) {
      // A concurrent first run got there first (rename(2) refuses a non-empty target): its copy
      // is as good as ours.
      root.delete(tmpName);
    }
  }

  private static String digest(File f) throws IOException {
    Sha256 sha = new Sha256();
    try (InputStream in = new FileInputStream(f)) {
      byte[] buffer = new byte[1 << 16];
      int r;
      while ((r = in.read(buffer)) > 0) {
        sha.update(buffer, 0, r);
      }
    }
    return sha.hex();
  }

  /** The user's private cache directory ({@code <tmp>/ttd-<uid>}), where ttd may keep files of its own. */
  Path cacheRoot() {
    return dir.getParent();
  }

  /** The verified jars, in name order. */
  List<Path> jars() {
    return jars;
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
