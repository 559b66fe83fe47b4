package ttd.debug.code;

import java.nio.charset.StandardCharsets;

/**
 * A class's constant pool in the class file format, read only as far as needed to say what an
 * entry names ({@link #describe}): the same text for the same class, field, method or constant
 * in two pools that number their entries differently.
 */
final class ConstantPool {

  private final byte[] bytes;
  private final int[] starts;
  private final int end;

  /** The pool of {@code count} entries (entry 0 unused) starting at {@code offset} of {@code bytes}. */
  ConstantPool(byte[] bytes, int offset, int count) {
    this.bytes = bytes;
    this.starts = new int[Math.max(count, 1)];
    int p = offset;
    for (int i = 1; i < count; i++) {
      starts[i] = p;
      int tag = bytes[p] & 0xff;
      switch (tag) {
        case 1:
          p += 3 + u2(p + 1);
          break;
        case 3:
        case 4:
        case 9:
        case 10:
        case 11:
        case 12:
        case 17:
        case 18:
          p += 5;
          break;
        case 5:
        case 6:
          p += 9;
          i++;
          break;
        case 7:
        case 8:
        case 16:
        case 19:
        case 20:
          p += 3;
          break;
        case 15:
          p += 4;
          break;
        default:
          throw new IllegalArgumentException("unknown constant pool tag " + tag + " at entry " + i);
      }
    }
    this.end = p;
  }

  /** Where the pool ends in the bytes (for a class file, where the rest of the class begins). */
  int end() {
    return end;
  }

  /** Where entry {@code i} (its tag) starts in the bytes. */
  int entryStart(int i) {
    return starts[i];
  }

  /** The UTF-8 text of entry {@code i}. */
  String utf8(int i) {
    int p = starts[i];
    return new String(bytes, p + 3, u2(p + 1), StandardCharsets.UTF_8);
  }

  /** What entry {@code i} names, as text that does not depend on the pool's numbering. */
  String describe(int i) {
    if (i <= 0 || i >= starts.length) {
      return "#" + i;
    }
    int p = starts[i];
    int tag = bytes[p] & 0xff;
    switch (tag) {
      case 1:
        return "utf8 " + utf8(i);
      case 3:
        return "int " + s4(p + 1);
      case 4:
        return "float " + s4(p + 1);
      case 5:
      case 6:
        return (tag == 5 ? "long " : "double ") + (((long) s4(p + 1) << 32) | (s4(p + 5) & 0xffffffffL));
      case 7:
        return "class " + utf8(u2(p + 1));
      case 8:
        return "string " + utf8(u2(p + 1));
      case 9:
      case 10:
      case 11:
        return describe(u2(p + 1)) + "." + describe(u2(p + 3));
      case 12:
        return utf8(u2(p + 1)) + utf8(u2(p + 3));
      case 15:
        return "handle " + (bytes[p + 1] & 0xff) + " " + describe(u2(p + 2));
      case 16:
        return "type " + utf8(u2(p + 1));
      case 17:
      case 18:
        return "dynamic " + u2(p + 1) + " " + describe(u2(p + 3));
      default:
        return "#" + i;
    }
  }

  private int u2(int i) {
    return ((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff);
  }

  private int s4(int i) {
    return (bytes[i] << 24) | ((bytes[i + 1] & 0xff) << 16) | ((bytes[i + 2] & 0xff) << 8) | (bytes[i + 3] & 0xff);
  }
}
