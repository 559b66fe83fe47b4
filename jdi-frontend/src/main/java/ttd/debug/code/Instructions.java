package ttd.debug.code;

import java.util.ArrayList;
import java.util.List;

/**
 * A method's bytecode as a list of instructions, each with its offset and a key that is equal for
 * the same instruction however it is encoded: {@code iload_1} and {@code iload 1}, {@code ldc} and
 * {@code ldc_w}, {@code goto} and {@code goto_w}, a constant pool reference by what it names (not
 * by its index), a branch without its offset. Two versions of a method (as compiled, and as ttd's
 * agent rewrote it) compare instruction by instruction on these keys.
 */
final class Instructions {

  /** One instruction: where it starts, and its key. */
  record Insn(int offset, String key) {}

  private Instructions() {}

  /** The instructions of {@code code}, whose constant pool references {@code pool} resolves. */
  static List<Insn> of(byte[] code, ConstantPool pool) {
    List<Insn> out = new ArrayList<>();
    int pc = 0;
    while (pc < code.length) {
      int op = code[pc] & 0xff;
      int length;
      String key;
      if (op == 0xaa || op == 0xab) {
        int base = (pc + 4) & ~3;
        StringBuilder keys = new StringBuilder(op == 0xaa ? "tableswitch" : "lookupswitch");
        if (op == 0xaa) {
          int low = s4(code, base + 4);
          int high = s4(code, base + 8);
          keys.append(' ').append(low).append("..").append(high);
          length = base + 12 + 4 * (high - low + 1) - pc;
        } else {
          int pairs = s4(code, base + 4);
          for (int i = 0; i < pairs; i++) {
            keys.append(' ').append(s4(code, base + 8 + 8 * i));
          }
          length = base + 8 + 8 * pairs - pc;
        }
        key = keys.toString();
      } else if (op == 0xc4) {
        int inner = code[pc + 1] & 0xff;
        int index = u2(code, pc + 2);
        if (inner == 0x84) {
          length = 6;
          key = "iinc " + index + " " + (short) u2(code, pc + 4);
        } else {
          length = 4;
          key = local(inner, index);
        }
      } else {
        length = LENGTHS[op];
        if (length == 0) {
          throw new IllegalArgumentException("not a bytecode: " + op + " at " + pc);
        }
        key = key(op, code, pc, pool);
      }
      out.add(new Insn(pc, key));
      pc += length;
    }
    return out;
  }

  private static String key(int op, byte[] code, int pc, ConstantPool pool) {
    if (op >= 0x15 && op <= 0x19) {
      return local(op, code[pc + 1] & 0xff);
    }
    if (op >= 0x1a && op <= 0x2d) {
      return local(0x15 + (op - 0x1a) / 4, (op - 0x1a) % 4);
    }
    if (op >= 0x36 && op <= 0x3a) {
      return local(op, code[pc + 1] & 0xff);
    }
    if (op >= 0x3b && op <= 0x4e) {
      return local(0x36 + (op - 0x3b) / 4, (op - 0x3b) % 4);
    }
    switch (op) {
      case 0x10:
        return "push " + code[pc + 1];
      case 0x11:
        return "push " + (short) u2(code, pc + 1);
      case 0x12:
        return "ldc " + pool.describe(code[pc + 1] & 0xff);
      case 0x13:
      case 0x14:
        return "ldc " + pool.describe(u2(code, pc + 1));
      case 0x84:
        return "iinc " + (code[pc + 1] & 0xff) + " " + code[pc + 2];
      case 0xa9:
        return "ret " + (code[pc + 1] & 0xff);
      case 0xa7:
      case 0xc8:
        return "goto";
      case 0xa8:
      case 0xc9:
        return "jsr";
      case 0xbc:
        return "newarray " + code[pc + 1];
      case 0xc5:
        return "multianewarray " + pool.describe(u2(code, pc + 1)) + " " + (code[pc + 3] & 0xff);
      default:
        break;
    }
    if ((op >= 0xb2 && op <= 0xbb) || op == 0xbd || op == 0xc0 || op == 0xc1) {
      return op + " " + pool.describe(u2(code, pc + 1));
    }
    return Integer.toString(op);
  }

  /** A load or store of a local: its kind (the long form's opcode) and index. */
  private static String local(int op, int index) {
    return "local " + op + " " + index;
  }

  private static int u2(byte[] b, int i) {
    return ((b[i] & 0xff) << 8) | (b[i + 1] & 0xff);
  }

  private static int s4(byte[] b, int i) {
    return (b[i] << 24) | ((b[i + 1] & 0xff) << 16) | ((b[i + 2] & 0xff) << 8) | (b[i + 3] & 0xff);
  }

  /** Instruction lengths by opcode; 0 for the variable ones (switches, wide) and unused opcodes. */
  private static final int[] LENGTHS = new int[256];

  static {
    for (int op = 0x00; op <= 0xc9; op++) {
      LENGTHS[op] = 1;
    }
    LENGTHS[0x10] = 2;
    LENGTHS[0x11] = 3;
    LENGTHS[0x12] = 2;
    LENGTHS[0x13] = 3;
    LENGTHS[0x14] = 3;
    for (int op = 0x15; op <= 0x19; op++) {
      LENGTHS[op] = 2;
    }
    for (int op = 0x36; op <= 0x3a; op++) {
      LENGTHS[op] = 2;
    }
    LENGTHS[0x84] = 3;
    for (int op = 0x99; op <= 0xa8; op++) {
      LENGTHS[op] = 3;
    }
    LENGTHS[0xa9] = 2;
    LENGTHS[0xaa] = 0;
    LENGTHS[0xab] = 0;
    for (int op = 0xb2; op <= 0xb8; op++) {
      LENGTHS[op] = 3;
    }
    LENGTHS[0xb9] = 5;
    LENGTHS[0xba] = 5;
    LENGTHS[0xbb] = 3;
    LENGTHS[0xbc] = 2;
    LENGTHS[0xbd] = 3;
    LENGTHS[0xc0] = 3;
    LENGTHS[0xc1] = 3;
    LENGTHS[0xc4] = 0;
    LENGTHS[0xc5] = 4;
    LENGTHS[0xc6] = 3;
    LENGTHS[0xc7] = 3;
    LENGTHS[0xc8] = 5;
    LENGTHS[0xc9] = 5;
  }
}
