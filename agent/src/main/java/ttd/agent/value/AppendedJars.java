package ttd.agent.value;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.CRC32C;
import ttd.log.OwnerOnly;

/**
 * Jars the program hands the JVM's class loaders through {@code Instrumentation}: Mockito's inline
 * mock maker writes a jar to the temporary directory and appends it to the boot class path. In a
 * replay the program's writes were never made, so the jar was missing.
 *
 * <p>The boot loader reads its jar natively, past every hook: the jar's name, where {@code
 * appendToBootstrapClassLoaderSearch} reads it, is a captured value whose recording logs the jar's
 * bytes, and the replay hands the JVM a copy in ttd's own directory, named by its length and checksum (so replays share it,
 * and one found there is used only if its bytes are the same), which is a file of ttd's, not an
 * effect of the program. No message digest: its providers would initialise JDK classes in replay
 * that the recording never did.
 *
 * <p>The system loader reads its jar through {@code java.util.zip}, whose reads the recording
 * captured like any file's: a replay appends the program's own name without the JVM's check, which
 * opens the jar natively ({@link #appendToSystemLoader}).
 */
public final class AppendedJars implements ValueCodec<String> {

  /** The codec of the jar's name. */
  public static final AppendedJars CODEC = new AppendedJars();

  private static volatile Path copies;

  private AppendedJars() {}

  /** Where a replay keeps its copies: a directory of ttd's own, created owner-only when first needed. */
  public static void keepCopiesIn(Path dir) {
    copies = dir;
  }

  /**
   * Appends {@code name} to the system class loader's class path as the JVM does after it has
   * checked the jar ({@code appendToClassPathForInstrumentation}, which a custom system loader
   * declares too); false if the loader has no such method or ttd may not call it.
   */
  public static boolean appendToSystemLoader(String name) {
    ClassLoader system = ClassLoader.getSystemClassLoader();
    for (Class<?> c = system.getClass(); c != null; c = c.getSuperclass()) {
      try {
        java.lang.reflect.Method append = c.getDeclaredMethod("appendToClassPathForInstrumentation", String.class);
        append.setAccessible(true);
        append.invoke(system, name);
        return true;
      } catch (NoSuchMethodException notHere) {
        // declared further up, or not at all
      } catch (ReflectiveOperationException | RuntimeException refused) {
        return false;
      }
    }
    return false;
  }

  @Override
  public String encode(String name) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(Paths.get(name));
    } catch (IOException | RuntimeException unreadable) {
      return name; // the JVM will not read it either
    }
    return name + '\n' + Base64.getEncoder().encodeToString(bytes);
  }

  @Override
  public String decode(String text) {
    int nl = text.indexOf('\n');
    Path dir = copies;
    if (nl < 0 || dir == null) {
      return nl < 0 ? text : text.substring(0, nl);
    }
    byte[] bytes = Base64.getDecoder().decode(text.substring(nl + 1));
    try {
      if (!Files.isDirectory(dir)) {
        try {
          OwnerOnly.createDirectory(dir);
        } catch (FileAlreadyExistsException anotherReplay) {
          // made meanwhile
        }
      }
      CRC32C crc = new CRC32C();
      crc.update(bytes);
      String stem = bytes.length + "-" + Long.toHexString(crc.getValue());
      for (int n = 0; ; n++) {
        Path copy = dir.resolve(stem + (n == 0 ? "" : "-" + n) + ".jar");
        if (!Files.exists(copy)) {
          Path partial = Files.createTempFile(dir, "partial-", ".jar");
          OwnerOnly.write(partial, bytes);
          Files.move(partial, copy, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        if (Arrays.equals(Files.readAllBytes(copy), bytes)) {
          return copy.toString();
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot keep a copy of the jar " + text.substring(0, nl) + " in " + dir
          + " for the replay (" + e.getMessage() + ")", e);
    }
  }
}
