package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ttd.fixture.ClockUser;
import ttd.fixture.Courier;
import ttd.fixture.Teller;

class ClassPackTest {

  private static final String KEY = ClassPack.key("/jdk", "17", "/app.jar", null, "app.Main", false);
  private static final String TELLER = "ttd/fixture/Teller";

  @TempDir Path cache;

  @Test
  void aRecordingsRewriteIsTakenByTheNextRunAsItWas() throws IOException {
    byte[] original = bytes(Teller.class);
    byte[] rewritten = keep(TELLER, original, new ClassEffects(), true);
    assertNotNull(rewritten);

    ClassPack.Hit hit = ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader());
    assertNotNull(hit);
    assertArrayEquals(rewritten, hit.bytes());
  }

  @Test
  void aClassLeftUnchangedIsRememberedAsUnchanged() throws IOException {
    byte[] original = bytes(Teller.class);
    ClassPack pack = ClassPack.open(cache, KEY, true);
    pack.add(TELLER, true, original, new ClassEffects(), null);
    pack.save();

    ClassPack.Hit hit = ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader());
    assertNotNull(hit);
    assertNull(hit.bytes());
    assertNull(ClassPack.open(cache, KEY, false).lookup(TELLER, false, original, loader()),
        "left alone as an application class, it is no answer for a JDK class");
  }

  @Test
  void onlyAnApplicationClassMakesARunWriteItsPack() throws IOException {
    ClassPack jdkOnly = ClassPack.open(cache, KEY, true);
    jdkOnly.add("java/lang/Example", false, bytes(Teller.class), new ClassEffects(), null);
    jdkOnly.save();
    try (Stream<Path> files = Files.list(cache)) {
      assertEquals(0, files.count(), "a JDK class a JDK thread loaded at a moment of its own");
    }
    ClassPack both = ClassPack.open(cache, KEY, true);
    both.add("java/lang/Example", false, bytes(Teller.class), new ClassEffects(), null);
    both.add(TELLER, true, bytes(Teller.class), new ClassEffects(), null);
    both.save();
    assertNotNull(ClassPack.open(cache, KEY, false).lookup("java/lang/Example", false, bytes(Teller.class), loader()));
  }

  @Test
  void aClassFileThatChangedIsRewrittenAfresh() throws IOException {
    byte[] original = bytes(Teller.class);
    keep(TELLER, original, new ClassEffects(), true);
    byte[] edited = original.clone();
    edited[edited.length - 1] ^= 1;
    assertNull(ClassPack.open(cache, KEY, false).lookup(TELLER, true, edited, loader()));
  }

  @Test
  void anotherProgramsPackIsNotRead() throws IOException {
    byte[] original = bytes(Teller.class);
    keep(TELLER, original, new ClassEffects(), true);
    String other = ClassPack.key("/jdk", "17", "/other.jar", null, "app.Main", false);
    assertNull(ClassPack.open(cache, other, false).lookup(TELLER, true, original, loader()));
  }

  @Test
  void callSitesAreRegisteredAgainUnderTheIdsTheBytesPush() throws IOException {
    byte[] original = bytes(Teller.class);
    int free = aboveEverySite() + 100;
    ClassEffects effects = new ClassEffects();
    effects.sites.add(new ClassEffects.Site(free, "ttd.fixture.Teller.open(Teller.java:1)", false));
    effects.sites.add(new ClassEffects.Site(free + 1, "ttd.fixture.Teller.open(Teller.java:2)", true));
    keep(TELLER, original, effects, true);

    ClassPack pack = ClassPack.open(cache, KEY, false);
    assertEquals(free + 1, pack.lastSite());
    assertNotNull(pack.lookup(TELLER, true, original, loader()));
    assertEquals("ttd.fixture.Teller.open(Teller.java:2)", CallSites.name(free + 1));
    assertTrue(CallSites.seedsRandomness(free + 1));
    assertNotNull(ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader()),
        "the same class from another loader pushes the same sites");
  }

  @Test
  void everyEffectOfARewriteIsDoneAgainWhenItsEntryIsTaken() throws IOException {
    byte[] original = bytes(Teller.class);
    int free = aboveEverySite() + 200;
    ClassEffects effects = new ClassEffects();
    effects.sites.add(new ClassEffects.Site(free, "ttd.fixture.Teller.count(Teller.java:7)", false));
    effects.replaced.add(new ClassEffects.Replaced(TELLER, "count", 7, "java/io/RandomAccessFile", "read0"));
    effects.queries.add(new ClassEffects.Query(name(Courier.class), "join", "()V", true));
    effects.queries.add(new ClassEffects.Query("java/lang/String", "join", "()V", false));
    keep(TELLER, original, effects, true);

    assertNotNull(ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader()));
    assertEquals("ttd.fixture.Teller.count(Teller.java:7)", CallSites.name(free));
    assertEquals("java.io.RandomAccessFile.read0",
        HookedMethods.standsFor("ttd.runtime.NativeIoHooks", "any", "ttd.fixture.Teller", "count", 7));
  }

  @Test
  void anEntryWhoseSiteIdsNameOtherSitesIsRewrittenAfresh() throws IOException {
    byte[] original = bytes(Teller.class);
    int taken = CallSites.register("ttd.fixture.Other.run(Other.java:9)", false);
    ClassEffects effects = new ClassEffects();
    effects.sites.add(new ClassEffects.Site(taken, "ttd.fixture.Teller.open(Teller.java:1)", false));
    keep(TELLER, original, effects, true);
    assertNull(ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader()));
    assertEquals("ttd.fixture.Other.run(Other.java:9)", CallSites.name(taken));
  }

  @Test
  void aFreshRewriteNotesTheSitesItRegistered() throws IOException {
    byte[] original = bytes(ClockUser.class);
    ClassEffects effects = new ClassEffects();
    new ClassFileInstrumenter(null).instrument("ttd/fixture/ClockUser", original, true, true, loader(), effects);
    assertFalse(effects.sites.isEmpty());
    for (ClassEffects.Site s : effects.sites) {
      assertEquals(CallSites.name(s.id()), s.name());
    }
  }

  @Test
  void anEntryWhoseHierarchyAnswersChangedIsRewrittenAfresh() throws IOException {
    byte[] original = bytes(Teller.class);
    ClassEffects effects = new ClassEffects();
    assertTrue(ThreadMethods.of(loader(), TELLER, null).resolvesToThread(name(Courier.class), "join", "()V"));
    effects.queries.add(new ClassEffects.Query(name(Courier.class), "join", "()V", false));
    keep(TELLER, original, effects, true);
    assertNull(ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader()));
  }

  @Test
  void aDamagedPackIsTakenForAnEmptyOne() throws IOException {
    byte[] original = bytes(Teller.class);
    keep(TELLER, original, new ClassEffects(), true);
    Path file = onlyPack();
    byte[] pack = Files.readAllBytes(file);
    pack[pack.length - 100] ^= 0x40;
    Files.write(file, pack);
    assertNull(ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader()));

    Files.write(file, java.util.Arrays.copyOf(pack, pack.length / 2));
    assertNull(ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader()));
    Files.write(file, new byte[] {1, 2, 3});
    assertNull(ClassPack.open(cache, KEY, false).lookup(TELLER, true, original, loader()));
  }

  @Test
  void aReplayNeverWritesItsPack() throws IOException {
    ClassPack pack = ClassPack.open(cache, KEY, false);
    pack.add(TELLER, true, bytes(Teller.class), new ClassEffects(), null);
    pack.save();
    try (Stream<Path> files = Files.list(cache)) {
      assertEquals(0, files.count());
    }
  }

  @Test
  void aClassTwoLoadersDefineIsKeptOnce() throws IOException {
    byte[] teller = bytes(Teller.class);
    byte[] clock = bytes(ClockUser.class);
    keep(TELLER, teller, new ClassEffects(), true);
    ClassPack again = ClassPack.open(cache, KEY, true);
    assertNotNull(again.lookup(TELLER, true, teller, loader()));
    assertNotNull(again.lookup(TELLER, true, teller, loader()));
    again.add("ttd/fixture/ClockUser", true, clock, new ClassEffects(), null);
    again.save();

    Path single = cache.resolve("single");
    ClassPack once = ClassPack.open(single, KEY, true);
    once.add(TELLER, true, teller, new ClassEffects(),
        new ClassFileInstrumenter(null).instrument(TELLER, teller, true, true, loader()));
    once.add("ttd/fixture/ClockUser", true, clock, new ClassEffects(), null);
    once.save();
    assertEquals(Files.size(single.resolve(ClassPack.fileName(KEY))), Files.size(cache.resolve(ClassPack.fileName(KEY))));
  }

  @Test
  void aRunWithNothingNewLeavesThePackAsItWas() throws IOException {
    byte[] original = bytes(Teller.class);
    keep(TELLER, original, new ClassEffects(), true);
    Path file = onlyPack();
    FileTime written = FileTime.fromMillis(1_000_000);
    Files.setLastModifiedTime(file, written);

    ClassPack again = ClassPack.open(cache, KEY, true);
    assertNotNull(again.lookup(TELLER, true, original, loader()));
    again.save();
    assertEquals(written, Files.getLastModifiedTime(file));
  }

  @Test
  void theStartsPackKeepsJdkClassesRetransformedThereForEveryProgramOnTheJdk() throws IOException {
    byte[] original = bytes(Teller.class);
    byte[] rewritten = new ClassFileInstrumenter(null).instrument(TELLER, original, false, false, loader());
    ClassPack start = ClassPack.openStart(cache, "/jdk", "17", false, true);
    start.add("java/lang/Example", false, original, new ClassEffects(), rewritten);
    start.save();

    ClassPack.Hit hit = ClassPack.openStart(cache, "/jdk", "17", false, false)
        .lookup("java/lang/Example", false, original, loader());
    assertNotNull(hit, "a JDK class alone makes the start's pack worth writing");
    assertArrayEquals(rewritten, hit.bytes());
    assertNull(ClassPack.openStart(cache, "/jdk", "17", true, false).lookup("java/lang/Example", false, original,
        loader()), "the chaos option has a pack of its own");
    assertNull(ClassPack.open(cache, KEY, false).lookup("java/lang/Example", false, original, loader()),
        "no program's pack");
  }

  @Test
  void programsPacksEvictNoStartsPack() throws IOException {
    Path dir = cache.resolve("classes");
    byte[] original = bytes(Teller.class);
    ClassPack start = ClassPack.openStart(dir, "/jdk", "17", false, true);
    start.add("java/lang/Example", false, original, new ClassEffects(), null);
    start.save();
    try (Stream<Path> files = Files.list(dir)) {
      Files.setLastModifiedTime(files.findFirst().orElseThrow(), FileTime.fromMillis(1_000));
    }
    for (int i = 0; i < 33; i++) {
      ClassPack pack = ClassPack.open(dir, KEY + i, true);
      pack.add(TELLER, true, original, new ClassEffects(), null);
      pack.save();
    }
    assertNotNull(ClassPack.openStart(dir, "/jdk", "17", false, false)
        .lookup("java/lang/Example", false, original, loader()), "the oldest file, but of another kind");
  }

  @Test
  void packsAreOwnerOnlyAndTheOldestGoBeyondThirtyTwo() throws IOException {
    Path dir = cache.resolve("classes");
    byte[] original = bytes(Teller.class);
    for (int i = 0; i < 34; i++) {
      ClassPack pack = ClassPack.open(dir, KEY + i, true);
      pack.add(TELLER, true, original, new ClassEffects(), null);
      pack.save();
      Files.setLastModifiedTime(dir.resolve(ClassPack.fileName(KEY + i)), FileTime.fromMillis(1_000_000L * (i + 1)));
    }
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    assertEquals("rw-------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(ClassPack.fileName(KEY + 33)))));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(32, files.count());
    }
    assertFalse(Files.exists(dir.resolve(ClassPack.fileName(KEY + 0))));
  }

  /** Rewrites {@code original}, keeps the rewrite with {@code effects} in the pack and saves it; returns the rewrite. */
  private byte[] keep(String name, byte[] original, ClassEffects effects, boolean appClass) {
    byte[] rewritten = new ClassFileInstrumenter(null).instrument(name, original, appClass, true, loader());
    ClassPack pack = ClassPack.open(cache, KEY, true);
    pack.add(name, appClass, original, effects, rewritten);
    pack.save();
    return rewritten;
  }

  private Path onlyPack() throws IOException {
    try (Stream<Path> files = Files.list(cache)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".pack")).findFirst().orElseThrow();
    }
  }

  private static ClassLoader loader() {
    return ClassPackTest.class.getClassLoader();
  }

  private static String name(Class<?> c) {
    return c.getName().replace('.', '/');
  }

  private static byte[] bytes(Class<?> c) throws IOException {
    String file = c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class";
    try (InputStream in = c.getResourceAsStream(file)) {
      return in.readAllBytes();
    }
  }

  /** One past the highest call-site id registered in this JVM so far. */
  private static int aboveEverySite() {
    int highest = 0;
    for (int id : CallSites.inOrder()) {
      highest = Math.max(highest, id);
    }
    return highest + 1;
  }
}
