package ttd.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NestedLibrariesTest {

  @TempDir Path work;
  private Path tmp;
  private Path jar;

  @BeforeEach
  void ttdJarWithTwoNestedLibraries() throws IOException {
    tmp = Files.createDirectory(work.resolve("tmp"));
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwx------"));
    jar = work.resolve("ttd.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      put(out, "META-INF/ttd/lib/ttd-runtime-1.jar", "runtime bytes");
      put(out, "META-INF/ttd/lib/lib-a.jar", "library a");
      put(out, "ttd/launch/Main.class", "not nested");
    }
  }

  private static void put(JarOutputStream out, String name, String text) throws IOException {
    out.putNextEntry(new JarEntry(name));
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.closeEntry();
  }

  private List<String> names(NestedLibraries libs) {
    return libs.jars().stream().map(p -> p.getFileName().toString()).collect(Collectors.toList());
  }

  @Test
  void unpacksOnceAndLoadsTheVerifiedCopyAfterwards() throws Exception {
    NestedLibraries first = NestedLibraries.of(jar, tmp);
    assertEquals(List.of("lib-a.jar", "ttd-runtime-1.jar"), names(first));
    Path a = first.jars().get(0);
    assertEquals("library a", Files.readString(a));
    Object inode = Files.readAttributes(a, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
    NestedLibraries again = NestedLibraries.of(jar, tmp);
    assertEquals(inode, Files.readAttributes(again.jars().get(0), java.nio.file.attribute.BasicFileAttributes.class).fileKey(),
        "a verified copy is reused, not unpacked again");
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(a.getParent())));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(a.getParent().getParent())));
  }

  @Test
  void aCopyChangedAfterItWasVerifiedIsReplacedBeforeAnythingLoadsIt() throws Exception {
    Path a = NestedLibraries.of(jar, tmp).jars().get(0);
    try (OutputStream out = Files.newOutputStream(a)) {
      out.write("a class of someone else".getBytes(StandardCharsets.UTF_8));
    }
    NestedLibraries again = NestedLibraries.of(jar, tmp);
    assertEquals("library a", Files.readString(again.jars().get(0)));
  }

  @Test
  void aJarPlantedBesideTheCopyIsNeverLoaded() throws Exception {
    Path dir = NestedLibraries.of(jar, tmp).jars().get(0).getParent();
    Files.writeString(dir.resolve("evil.jar"), "planted");
    NestedLibraries again = NestedLibraries.of(jar, tmp);
    assertEquals(List.of("lib-a.jar", "ttd-runtime-1.jar"), names(again));
  }

  @Test
  void aCopyOtherUsersCouldWriteIsUnpackedAnew() throws Exception {
    Path a = NestedLibraries.of(jar, tmp).jars().get(0);
    Files.setPosixFilePermissions(a.getParent(), PosixFilePermissions.fromString("rwxrwxrwx"));
    Path marker = Files.writeString(a.getParent().resolve("written-while-open"), "?");
    NestedLibraries again = NestedLibraries.of(jar, tmp);
    Path b = again.jars().get(0);
    assertFalse(Files.exists(marker), "the whole copy is replaced, not only checked");
    assertEquals("library a", Files.readString(b));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(b.getParent())));
    assertTrue(Files.isRegularFile(b.getParent().resolve(NestedLibraries.STAMP)));
  }
}
