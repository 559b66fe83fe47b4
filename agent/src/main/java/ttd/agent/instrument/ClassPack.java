package ttd.agent.instrument;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import org.objectweb.asm.ClassReader;
import ttd.log.OwnerOnly;

/**
 * The program's classes as ttd rewrote them in an earlier run of the same program, so that a
 * replay (and every JVM the debugger starts) and a later recording take them instead of parsing
 * and rewriting each class again: in a recording of a few thousand library classes that rewrite
 * is 0.3 to 1.5 s of the start-up (bench/RESULTS.md).
 *
 * <p>One file per program (its JDK, class and module path, main class and chaos option: {@link #key}),
 * in ttd's owner-only cache beside its unpacked libraries, written by a recording as it ends and
 * only read by a replay, which writes nothing. One more per JDK ({@link #openStart}) holds the
 * JDK classes the agent's start retransforms (the classes loaded before it), the same for every
 * program: 80 to 90 classes whose rewrite took 80 to 130 ms of every start (bench/RESULTS.md). An entry is found by the class's name and taken only
 * if the class file is the one it was made from (length and two checksums of its bytes), the
 * entry is intact (its own checksum), the class-hierarchy answers its rewrite depended on are
 * still the same, and its call sites get the ids its bytes push ({@link ClassEffects}); anything
 * else rewrites the class afresh. A missing, foreign or damaged file is a pack with nothing in it.
 *
 * <p>Layout: {@code TTDPACK2}, the key, the highest call-site id the entries use; the entries
 * (each: its length, the class's name, flags, the class file's length, CRC-32C and CRC-32, the
 * sites, replaced calls and hierarchy answers, the rewritten bytes (length -1: unchanged), and a
 * CRC-32C of the entry); an index (each entry's offset, length and name); and a trailer: the
 * index's offset, length and CRC-32C, then {@code TTDINDEX}. A run reads the header and the index
 * as it starts, and an entry when its class loads.
 */
public final class ClassPack {

  private static final byte[] MAGIC = "TTDPACK2".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] INDEX_MAGIC = "TTDINDEX".getBytes(StandardCharsets.US_ASCII);
  /** The index's offset, length and CRC-32C, then {@link #INDEX_MAGIC}. */
  private static final int TRAILER = 12 + 8;
  /** A pack that would grow beyond this is not written. */
  private static final long MAX_BYTES = 256L << 20;
  /** Packs kept in the cache; the least recently written go first. */
  private static final int MAX_PACKS = 32;
  private static final int APP_CLASS = 1;
  private static final String PROGRAM = "classes-";
  private static final String START = "start-";

  /** What a lookup found: the rewritten bytes, or null where the class loads unchanged. */
  public record Hit(byte[] bytes) {}

  /** An entry of the old pack: where it is, and its class's name. */
  private record Kept(String name, int offset, int length) {}

  /** An entry this run made. */
  private record Made(String name, byte[] entry) {}

  private final Path dir;
  private final String key;
  /** The file name's first part: the program packs' and the start's are evicted apart. */
  private final String prefix;
  private final boolean writes;
  /** The old pack, read entry by entry as classes load; null: none. */
  private final RandomAccessFile old;
  private final Map<String, List<Kept>> index;
  /** Entries of the old pack this run took, once each (a class two loaders define is taken twice), by offset. */
  private final Map<Integer, Kept> taken = new TreeMap<>();
  private final List<Made> fresh = new ArrayList<>();
  /**
   * Whether a fresh entry is of an application loader's class. Only such an entry makes a program's
   * pack worth writing: a JDK class that a JDK thread loads at a moment of its own (a cleaner, a
   * reference handler) would otherwise have a run write the pack now and then for nothing.
   */
  private boolean freshProgramClass;
  /** Whether any fresh entry makes the pack worth writing: the start's, whose classes are all the JDK's. */
  private final boolean keepsJdkClasses;
  /** The highest call-site id the old entries and the fresh ones use. */
  private int lastSite;

  private ClassPack(Path dir, String key, String prefix, boolean writes, RandomAccessFile old,
      Map<String, List<Kept>> index, int lastSite) {
    this.dir = dir;
    this.key = key;
    this.prefix = prefix;
    this.keepsJdkClasses = prefix.equals(START);
    this.writes = writes;
    this.old = old;
    this.index = index;
    this.lastSite = lastSite;
  }

  /**
   * The pack for {@code key} in {@code dir}; {@code writes}: whether {@link #save} may write it
   * (a recording), or only read it (a replay). Never fails: an unreadable pack is an empty one.
   *
   * <p>Read with a {@link RandomAccessFile}, which every JVM has linked by then (its jars are read
   * through one), not mapped: a run with a pack must link no JDK class that a run without one does
   * not (see docs/ARCHITECTURE.md, "Both modes' start-ups must touch the same JDK facilities").
   */
  public static ClassPack open(Path dir, String key, boolean writes) {
    return open(dir, key, PROGRAM, writes);
  }

  /**
   * The pack of the classes the agent's start retransforms on this JDK ({@code chaos}: with the
   * chaos option, which the key holds as a program's does), written by a recording whose start
   * rewrote one of them afresh, as it ends.
   */
  public static ClassPack openStart(Path dir, String javaHome, String vmVersion, boolean chaos, boolean writes) {
    String key = String.join("\n", "ttd start pack", String.valueOf(javaHome), String.valueOf(vmVersion),
        chaos ? "chaos" : "fair");
    return open(dir, key, START, writes);
  }

  private static ClassPack open(Path dir, String key, String prefix, boolean writes) {
    RandomAccessFile file = null;
    try {
      Path path = dir.resolve(fileName(prefix, key));
      if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
        file = new RandomAccessFile(path.toFile(), "r");
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        int header = MAGIC.length + 4 + k.length + 4;
        long size = file.length();
        if (size <= MAX_BYTES && size >= header + 4 + TRAILER) {
          ByteBuffer head = ByteBuffer.wrap(read(file, 0, header));
          ByteBuffer trailer = ByteBuffer.wrap(read(file, size - TRAILER, TRAILER));
          int indexOffset = trailer.getInt(0);
          int indexLength = trailer.getInt(4);
          if (startsWith(head, MAGIC, 0) && head.getInt(MAGIC.length) == k.length
              && startsWith(head, k, MAGIC.length + 4) && startsWith(trailer, INDEX_MAGIC, 12)
              && indexOffset >= header && (long) indexOffset + indexLength == size - TRAILER) {
            byte[] index = read(file, indexOffset, indexLength);
            CRC32C check = new CRC32C();
            check.update(index);
            if ((int) check.getValue() == trailer.getInt(8)) {
              Map<String, List<Kept>> entries = index(ByteBuffer.wrap(index), header, indexOffset);
              return new ClassPack(dir, key, prefix, writes, file, entries, head.getInt(header - 4));
            }
          }
        }
        file.close();
      }
    } catch (IOException | RuntimeException e) {
      closeQuietly(file);
    }
    return new ClassPack(dir, key, prefix, writes, null, new HashMap<>(), 0);
  }

  private static boolean startsWith(ByteBuffer b, byte[] prefix, int at) {
    for (int i = 0; i < prefix.length; i++) {
      if (b.get(at + i) != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /** The index block: a count, then each entry's offset, length and class name. */
  private static Map<String, List<Kept>> index(ByteBuffer b, int first, int end) {
    Map<String, List<Kept>> index = new HashMap<>();
    for (int n = b.getInt(); n > 0; n--) {
      int offset = b.getInt();
      int length = b.getInt();
      String name = string(b);
      if (offset < first || length < 8 || (long) offset + length > end) {
        throw new IllegalArgumentException("an entry outside the pack");
      }
      List<Kept> same = index.get(name);
      if (same == null) {
        same = new ArrayList<>(1);
        index.put(name, same);
      }
      same.add(new Kept(name, offset, length));
    }
    return index;
  }

  private static byte[] read(RandomAccessFile file, long at, int length) throws IOException {
    byte[] b = new byte[length];
    file.seek(at);
    file.readFully(b);
    return b;
  }

  private static void closeQuietly(RandomAccessFile file) {
    if (file != null) {
      try {
        file.close();
      } catch (IOException e) {
        // nothing was read from it
      }
    }
  }

  /**
   * The key of a program's pack: what every class's rewrite may depend on beyond its own bytes,
   * which the entries do not check one by one.
   */
  public static String key(
      String javaHome, String vmVersion, String classPath, String modulePath, String mainClass,
      boolean chaos) {
    return String.join("\n", "ttd class pack", String.valueOf(javaHome), String.valueOf(vmVersion),
        String.valueOf(classPath), String.valueOf(modulePath), String.valueOf(mainClass),
        chaos ? "chaos" : "fair");
  }

  /** The file name of the program pack with this key. */
  static String fileName(String key) {
    return fileName(PROGRAM, key);
  }

  private static String fileName(String prefix, String key) {
    byte[] b = key.getBytes(StandardCharsets.UTF_8);
    CRC32C a = new CRC32C();
    a.update(b);
    CRC32 c = new CRC32();
    c.update(b);
    return prefix + Long.toHexString(a.getValue()) + "-" + Long.toHexString(c.getValue()) + ".pack";
  }

  /** The highest call-site id an entry of this pack may register again (0: none). */
  public synchronized int lastSite() {
    return lastSite;
  }

  /**
   * The rewrite of {@code internalName} kept for exactly these bytes, with its effects done again,
   * or null where the class must be rewritten afresh.
   */
  synchronized Hit lookup(String internalName, boolean appClass, byte[] bytes, ClassLoader loader) {
    try {
      return find(internalName, appClass, bytes, loader);
    } catch (IOException | RuntimeException e) {
      return null; // rewritten afresh, never loaded as it is
    }
  }

  private Hit find(String internalName, boolean appClass, byte[] bytes, ClassLoader loader) throws IOException {
    List<Kept> entries = index.get(internalName);
    if (entries == null) {
      return null;
    }
    CRC32C crc32c = new CRC32C();
    crc32c.update(bytes);
    CRC32 crc32 = new CRC32();
    crc32.update(bytes);
    for (Kept kept : entries) {
      Entry e = Entry.read(read(old, kept.offset(), kept.length()));
      if (e == null || e.flags != (appClass ? APP_CLASS : 0) || e.length != bytes.length
          || e.crc32c != (int) crc32c.getValue() || e.crc32 != (int) crc32.getValue()) {
        continue;
      }
      if (!sameAnswers(e.effects, internalName, bytes, loader) || !CallSites.registerAgain(e.effects.sites)) {
        continue; // another loader's copy of the class may have its own entry
      }
      for (ClassEffects.Replaced r : e.effects.replaced) {
        HookedMethods.replaced(r.caller(), r.method(), r.line(), r.owner(), r.name());
      }
      taken.put(kept.offset(), kept);
      return new Hit(e.rewritten);
    }
    return null;
  }

  private static boolean sameAnswers(ClassEffects effects, String internalName, byte[] bytes, ClassLoader loader) {
    if (effects.queries.isEmpty()) {
      return true;
    }
    ThreadMethods threadMethods = ThreadMethods.of(loader, internalName, new ClassReader(bytes));
    for (ClassEffects.Query q : effects.queries) {
      if (threadMethods.resolvesToThread(q.owner(), q.name(), q.desc()) != q.answer()) {
        return false;
      }
    }
    return true;
  }

  /** Keeps the fresh rewrite of {@code internalName} ({@code rewritten} null: unchanged) for the next run. */
  synchronized void add(
      String internalName, boolean appClass, byte[] bytes, ClassEffects effects, byte[] rewritten) {
    if (!writes) {
      return;
    }
    try {
      fresh.add(new Made(internalName, entry(internalName, appClass, bytes, effects, rewritten)));
      freshProgramClass |= appClass;
    } catch (RuntimeException e) {
      // not kept: the class itself loads as rewritten
    }
  }

  private byte[] entry(
      String internalName, boolean appClass, byte[] bytes, ClassEffects effects, byte[] rewritten) {
    // sized first and put into one array: a DataOutputStream over a ByteArrayOutputStream takes a
    // lock per byte, 80 us a class while the start-up still runs interpreted
    List<byte[]> strings = new ArrayList<>();
    strings.add(utf8(internalName));
    for (ClassEffects.Site site : effects.sites) {
      strings.add(utf8(site.name()));
    }
    for (ClassEffects.Replaced r : effects.replaced) {
      strings.add(utf8(r.caller()));
      strings.add(utf8(r.method()));
      strings.add(utf8(r.owner()));
      strings.add(utf8(r.name()));
    }
    for (ClassEffects.Query q : effects.queries) {
      strings.add(utf8(q.owner()));
      strings.add(utf8(q.name()));
      strings.add(utf8(q.desc()));
    }
    int size = 4 + 4 + 12 + 4 + 5 * effects.sites.size() + 4 + 4 * effects.replaced.size() + 4
        + effects.queries.size() + 4 + (rewritten == null ? 0 : rewritten.length) + 4;
    for (byte[] string : strings) {
      size += 4 + string.length;
    }
    ByteBuffer out = ByteBuffer.allocate(size);
    out.putInt(size - 4);
    int next = 0;
    put(out, strings.get(next++));
    out.putInt(appClass ? APP_CLASS : 0);
    CRC32C crc32c = new CRC32C();
    crc32c.update(bytes);
    CRC32 crc32 = new CRC32();
    crc32.update(bytes);
    out.putInt(bytes.length).putInt((int) crc32c.getValue()).putInt((int) crc32.getValue());
    out.putInt(effects.sites.size());
    for (ClassEffects.Site site : effects.sites) {
      lastSite = Math.max(lastSite, site.id());
      out.putInt(site.id());
      put(out, strings.get(next++));
      out.put((byte) (site.seedsRandomness() ? 1 : 0));
    }
    out.putInt(effects.replaced.size());
    for (ClassEffects.Replaced r : effects.replaced) {
      put(out, strings.get(next++));
      put(out, strings.get(next++));
      out.putInt(r.line());
      put(out, strings.get(next++));
      put(out, strings.get(next++));
    }
    out.putInt(effects.queries.size());
    for (ClassEffects.Query q : effects.queries) {
      put(out, strings.get(next++));
      put(out, strings.get(next++));
      put(out, strings.get(next++));
      out.put((byte) (q.answer() ? 1 : 0));
    }
    out.putInt(rewritten == null ? -1 : rewritten.length);
    if (rewritten != null) {
      out.put(rewritten);
    }
    CRC32C check = new CRC32C();
    check.update(out.array(), 4, size - 8);
    out.putInt((int) check.getValue());
    if (out.hasRemaining()) {
      throw new IllegalStateException("an entry of " + internalName + " sized wrong");
    }
    return out.array();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void put(ByteBuffer out, byte[] string) {
    out.putInt(string.length).put(string);
  }

  /**
   * Writes the entries this run took and the ones it made, if one of those is an application
   * class's (for the start's pack: if it made any), under a temporary name renamed into place, so that a JVM reading the pack meanwhile
   * sees the old or the new one whole. Nothing if the pack only reads, and never an exception: the
   * pack only saves time.
   */
  public synchronized void save() {
    if (!writes || !(freshProgramClass || keepsJdkClasses && !fresh.isEmpty())) {
      return;
    }
    Path temporary = null;
    try {
      byte[] k = key.getBytes(StandardCharsets.UTF_8);
      long size = MAGIC.length + 4 + k.length + 4 + TRAILER;
      for (Kept t : taken.values()) {
        size += t.length() + 12 + t.name().length();
      }
      for (Made m : fresh) {
        size += m.entry().length + 12 + m.name().length();
      }
      if (size > MAX_BYTES) {
        return;
      }
      if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        OwnerOnly.createDirectory(dir);
      }
      temporary = dir.resolve(fileName(prefix, key) + "." + Long.toHexString(System.nanoTime()) + ".tmp");
      OwnerOnly.createFile(temporary);
      try (DataOutputStream out = new DataOutputStream(
          new BufferedOutputStream(Files.newOutputStream(temporary, StandardOpenOption.WRITE), 1 << 16))) {
        out.write(MAGIC);
        out.writeInt(k.length);
        out.write(k);
        out.writeInt(lastSite);
        List<Kept> written = new ArrayList<>();
        for (Kept t : taken.values()) {
          written.add(new Kept(t.name(), out.size(), t.length()));
          out.write(read(old, t.offset(), t.length()));
        }
        for (Made m : fresh) {
          written.add(new Kept(m.name(), out.size(), m.entry().length));
          out.write(m.entry());
        }
        ByteBuffer index = ByteBuffer.allocate(indexLength(written));
        index.putInt(written.size());
        for (Kept w : written) {
          index.putInt(w.offset()).putInt(w.length());
          put(index, utf8(w.name()));
        }
        CRC32C check = new CRC32C();
        check.update(index.array());
        int indexOffset = out.size();
        out.write(index.array());
        out.writeInt(indexOffset);
        out.writeInt(index.capacity());
        out.writeInt((int) check.getValue());
        out.write(INDEX_MAGIC);
      }
      Files.move(temporary, dir.resolve(fileName(prefix, key)), StandardCopyOption.ATOMIC_MOVE);
      temporary = null;
      evict();
    } catch (IOException | RuntimeException e) {
      // the next run rewrites its classes again
    } finally {
      if (temporary != null) {
        try {
          Files.deleteIfExists(temporary);
        } catch (IOException e) {
          // left for the next eviction
        }
      }
    }
  }

  private static int indexLength(List<Kept> entries) {
    int length = 4;
    for (Kept e : entries) {
      length += 12 + utf8(e.name()).length;
    }
    return length;
  }

  /** Deletes the packs of this kind (and temporary files) beyond the {@link #MAX_PACKS} most recently written. */
  private void evict() throws IOException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> packs = Files.newDirectoryStream(dir, prefix + "*")) {
      for (Path p : packs) {
        files.add(p);
      }
    }
    // oldest first; no lambda here, whose class the JDK would spin in one run and not another
    while (files.size() > MAX_PACKS) {
      Path oldest = null;
      FileTime oldestTime = null;
      for (Path p : files) {
        FileTime t = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
        if (oldestTime == null || t.compareTo(oldestTime) < 0) {
          oldest = p;
          oldestTime = t;
        }
      }
      files.remove(oldest);
      Files.deleteIfExists(oldest);
    }
  }

  private static String string(ByteBuffer b) {
    byte[] s = new byte[b.getInt()];
    b.get(s);
    return new String(s, StandardCharsets.UTF_8);
  }

  /** One entry read back; null where it is damaged. */
  private static final class Entry {
    int flags;
    int length;
    int crc32c;
    int crc32;
    final ClassEffects effects = new ClassEffects();
    byte[] rewritten;

    /** The entry in {@code bytes} (its length first, its CRC-32C last), or null where it is damaged. */
    static Entry read(byte[] bytes) {
      try {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        int length = b.getInt(0);
        if (length != bytes.length - 4) {
          return null;
        }
        CRC32C check = new CRC32C();
        check.update(bytes, 4, length - 4);
        if ((int) check.getValue() != b.getInt(bytes.length - 4)) {
          return null;
        }
        b.position(4).limit(bytes.length - 4);
        Entry e = new Entry();
        string(b);
        e.flags = b.getInt();
        e.length = b.getInt();
        e.crc32c = b.getInt();
        e.crc32 = b.getInt();
        for (int n = b.getInt(); n > 0; n--) {
          e.effects.sites.add(new ClassEffects.Site(b.getInt(), string(b), b.get() != 0));
        }
        for (int n = b.getInt(); n > 0; n--) {
          e.effects.replaced.add(new ClassEffects.Replaced(string(b), string(b), b.getInt(), string(b), string(b)));
        }
        for (int n = b.getInt(); n > 0; n--) {
          e.effects.queries.add(new ClassEffects.Query(string(b), string(b), string(b), b.get() != 0));
        }
        int rewritten = b.getInt();
        if (rewritten >= 0) {
          e.rewritten = new byte[rewritten];
          b.get(e.rewritten);
        }
        return b.hasRemaining() ? null : e;
      } catch (RuntimeException damaged) {
        return null;
      }
    }
  }
}
