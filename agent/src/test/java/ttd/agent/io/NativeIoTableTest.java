package ttd.agent.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import ttd.runtime.NativeIoOp;

/** Which classes' call sites the table's entries reach, read off the entries' callers. */
class NativeIoTableTest {

  @Test
  void theCallersAnEntryNamesAreVisitedNestedClassesIncludedWhereTheEntrySaysSo() {
    assertTrue(NativeIoTable.rewritesIn("java/io/RandomAccessFile"), "one class");
    assertTrue(NativeIoTable.rewritesIn("sun/nio/fs/UnixPath"), "a package prefix");
    assertTrue(NativeIoTable.rewritesIn("java/util/prefs/FileSystemPreferences"), "a class");
    assertTrue(NativeIoTable.rewritesIn("java/util/prefs/FileSystemPreferences$1"), "and its nested classes");
    assertFalse(NativeIoTable.rewritesIn("java/util/prefs/FileSystemPreferencesFactory"), "not a class that only shares its name's start");
    assertFalse(NativeIoTable.rewritesIn("java/io/RandomAccessFile$1"), "nested classes only where the entry says so");
    assertFalse(NativeIoTable.rewritesIn("sun/nio/fs/UnixNativeDispatcher"), "a prefix's callers leave out the natives' owner");
    assertFalse(NativeIoTable.rewritesIn("com/example/App"), "callers from anywhere are found by their constant pool, not here");
  }

  @Test
  void callsThroughAnInterfaceOrAProgramsClassMayReachRandomAccessFilesPublicNatives() {
    NativeIoTable.Entry derby = NativeIoTable.reachedByDispatch(
        Opcodes.INVOKEINTERFACE, "org/apache/derby/io/StorageRandomAccessFile", "getFilePointer", "()J", true);
    assertNotNull(derby, "an interface's");
    assertEquals(NativeIoOp.RAF_POSITION, derby.op);
    assertNotNull(NativeIoTable.reachedByDispatch(Opcodes.INVOKEVIRTUAL, "app/Log", "getFilePointer", "()J", false),
        "a program class's: a subclass may inherit it");
    assertNotNull(NativeIoTable.reachedByDispatch(Opcodes.INVOKESPECIAL, "app/Log", "getFilePointer", "()J", false),
        "a super call naming a subclass");
    assertNull(NativeIoTable.reachedByDispatch(Opcodes.INVOKESPECIAL, "app/Log", "getFilePointer", "()J", true),
        "an interface's default method by super");
    assertNull(NativeIoTable.reachedByDispatch(Opcodes.INVOKEVIRTUAL, "java/io/File", "length", "()J", false),
        "a JDK class's: none extends RandomAccessFile");
    assertNull(NativeIoTable.reachedByDispatch(Opcodes.INVOKESTATIC, "app/Log", "getFilePointer", "()J", false));
    assertNull(NativeIoTable.reachedByDispatch(Opcodes.INVOKEINTERFACE, "app/Disk", "sync", "()V", true),
        "FileDescriptor is final: nothing else reaches its sync");
    assertNull(NativeIoTable.reachedByDispatch(Opcodes.INVOKEINTERFACE, "app/Log", "getFilePointer", "()I", true),
        "another descriptor");
  }

  /**
   * What {@link NativeIoTable#reachedByDispatch} leaves out rests on this: no JDK class a program
   * can name is in the way. The one exception, {@code sun.rmi.log.ReliableLog$LogFile}, is the
   * RMI activation daemon's log, not exported, and without users since JEP 407 removed activation
   * in 17; its calls stay uncaptured.
   */
  @Test
  void noClassOfTheJdkExtendsAClassWhoseNativesAreReachedByDispatch() throws IOException {
    List<String> owners = new ArrayList<>();
    for (NativeIoTable.Entry e : NativeIoTable.entries()) {
      if (e.reachedByDispatch && !owners.contains(e.owner)) {
        owners.add(e.owner);
      }
    }
    assertFalse(owners.isEmpty());
    Map<String, String> superclasses = new HashMap<>();
    FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    try (Stream<Path> files = Files.walk(jrt.getPath("/modules"))) {
      for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
        ClassReader r = new ClassReader(Files.readAllBytes(p));
        if (r.getSuperName() != null) {
          superclasses.put(r.getClassName(), r.getSuperName());
        }
      }
    }
    assertTrue(superclasses.size() > 10_000, "the JDK's classes: " + superclasses.size());
    List<String> subclasses = new ArrayList<>();
    for (String c : superclasses.keySet()) {
      for (String s = superclasses.get(c); s != null; s = superclasses.get(s)) {
        if (owners.contains(s) && !c.startsWith("sun/rmi/log/ReliableLog$")) {
          subclasses.add(c + " extends " + s);
        }
      }
    }
    assertEquals(List.of(), subclasses);
  }
}
