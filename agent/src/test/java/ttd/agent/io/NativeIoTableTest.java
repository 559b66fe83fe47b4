package ttd.agent.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

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
}
