package ttd.debug.code;

import java.util.HashMap;
import java.util.Map;

/**
 * One class file, read as far as {@link ProgramBci} needs: its constant pool and the code of each
 * method, by name and descriptor.
 */
final class ClassFile {

  private final ConstantPool pool;
  private final Map<String, byte[]> code = new HashMap<>();

  ClassFile(byte[] b) {
    if (b.length < 10 || (b[0] & 0xff) != 0xca || (b[1] & 0xff) != 0xfe) {
      throw new IllegalArgumentException("not a class file");
    }
    pool = new ConstantPool(b, 10, u2(b, 8));
    int p = pool.end() + 6;
    p += 2 + 2 * u2(b, p);
    p = members(b, p, false);
    members(b, p, true);
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
        }
        p += 6 + length;
      }
    }
    return p;
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
