package ttd.debug.code;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One class file, read as far as {@link ProgramBci} needs: its constant pool and the code of each
 * method, by name and descriptor; and as far as {@link ClassFiles#hasCodeAt} needs: the lines its
 * methods have code at and the classes nested in it.
 */
final class ClassFile {

  private final ConstantPool pool;
  private final Map<String, byte[]> code = new HashMap<>();
  private final Set<Integer> lines = new HashSet<>();
  private final List<String> nested = new ArrayList<>();

  ClassFile(byte[] b) {
    if (b.length < 10 || (b[0] & 0xff) != 0xca || (b[1] & 0xff) != 0xfe) {
      throw new IllegalArgumentException("not a class file");
    }
    pool = new ConstantPool(b, 10, u2(b, 8));
    int p = pool.end() + 6;
    p += 2 + 2 * u2(b, p);
    String self = pool.utf8(u2(b, starts(b, pool.end() + 2)));
    p = members(b, p, false);
    p = members(b, p, true);
    int attributes = u2(b, p);
    p += 2;
    for (int a = 0; a < attributes; a++) {
      if (pool.utf8(u2(b, p)).equals("InnerClasses")) {
        int classes = u2(b, p + 6);
        for (int c = 0; c < classes; c++) {
          String inner = pool.utf8(u2(b, starts(b, p + 8 + 8 * c)));
          if (inner.startsWith(self + "$")) {
            nested.add(inner.replace('/', '.'));
          }
        }
      }
      p += 6 + s4(b, p + 2);
    }
  }

  /** The offset in {@code b} of the UTF-8 index of the class entry whose index is at {@code at}. */
  private int starts(byte[] b, int at) {
    return pool.entryStart(u2(b, at)) + 1;
  }

  private int members(byte[] b, int p, boolean methods) {
    int count = u2(b, p);
    p += 2;
    for (int i = 0; i < count; i++) {
      String name = pool.utf8(u2(b, p + 2));
      String descriptor = pool.utf8(u2(b, p + 4));
      int attributes = u2(b, p + 6);
      p += 8;
      for (int a = 0; a < attributes; a++) {
        int length = s4(b, p + 2);
        if (methods && pool.utf8(u2(b, p)).equals("Code")) {
          int codeLength = s4(b, p + 10);
          byte[] c = new byte[codeLength];
          System.arraycopy(b, p + 14, c, 0, codeLength);
          code.put(name + descriptor, c);
          lines(b, p + 14 + codeLength);
        }
        p += 6 + length;
      }
    }
    return p;
  }

  /** Notes the lines of the LineNumberTables among the Code attribute's own, which start at {@code p}. */
  private void lines(byte[] b, int p) {
    p += 2 + 8 * u2(b, p);
    int attributes = u2(b, p);
    p += 2;
    for (int a = 0; a < attributes; a++) {
      if (pool.utf8(u2(b, p)).equals("LineNumberTable")) {
        int entries = u2(b, p + 6);
        for (int e = 0; e < entries; e++) {
          lines.add(u2(b, p + 8 + 4 * e + 2));
        }
      }
      p += 6 + s4(b, p + 2);
    }
  }

  /** Whether a method of this class has code at {@code line}. */
  boolean hasLine(int line) {
    return lines.contains(line);
  }

  /** The binary names of the classes nested in this one (members, local and anonymous classes). */
  List<String> nested() {
    return nested;
  }

  ConstantPool pool() {
    return pool;
  }

  /** The code of method {@code name} with {@code descriptor}, or null (abstract, native, absent). */
  byte[] code(String name, String descriptor) {
    return code.get(name + descriptor);
  }

  private static int u2(byte[] b, int i) {
    return ((b[i] & 0xff) << 8) | (b[i + 1] & 0xff);
  }

  private static int s4(byte[] b, int i) {
    return (b[i] << 24) | ((b[i + 1] & 0xff) << 16) | ((b[i + 2] & 0xff) << 8) | (b[i + 3] & 0xff);
  }
}
