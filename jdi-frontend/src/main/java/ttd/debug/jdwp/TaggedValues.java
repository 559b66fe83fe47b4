package ttd.debug.jdwp;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.BooleanValue;
import com.sun.jdi.ByteValue;
import com.sun.jdi.CharValue;
import com.sun.jdi.ClassLoaderReference;
import com.sun.jdi.ClassObjectReference;
import com.sun.jdi.DoubleValue;
import com.sun.jdi.FloatValue;
import com.sun.jdi.IntegerValue;
import com.sun.jdi.LongValue;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ShortValue;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadGroupReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.VoidValue;

/** JDI values as JDWP writes them (tagged: a signature byte, then the value) and back. */
final class TaggedValues {

  static final int ARRAY = '[';
  static final int BYTE = 'B';
  static final int CHAR = 'C';
  static final int OBJECT = 'L';
  static final int FLOAT = 'F';
  static final int DOUBLE = 'D';
  static final int INT = 'I';
  static final int LONG = 'J';
  static final int SHORT = 'S';
  static final int VOID = 'V';
  static final int BOOLEAN = 'Z';
  static final int STRING = 's';
  static final int THREAD = 't';
  static final int THREAD_GROUP = 'g';
  static final int CLASS_LOADER = 'l';
  static final int CLASS_OBJECT = 'c';

  private final Ids ids;

  TaggedValues(Ids ids) {
    this.ids = ids;
  }

  static int tagOf(Value v) {
    if (v == null) {
      return OBJECT;
    }
    if (v instanceof BooleanValue) return BOOLEAN;
    if (v instanceof ByteValue) return BYTE;
    if (v instanceof CharValue) return CHAR;
    if (v instanceof ShortValue) return SHORT;
    if (v instanceof IntegerValue) return INT;
    if (v instanceof LongValue) return LONG;
    if (v instanceof FloatValue) return FLOAT;
    if (v instanceof DoubleValue) return DOUBLE;
    if (v instanceof VoidValue) return VOID;
    if (v instanceof StringReference) return STRING;
    if (v instanceof ThreadReference) return THREAD;
    if (v instanceof ThreadGroupReference) return THREAD_GROUP;
    if (v instanceof ClassLoaderReference) return CLASS_LOADER;
    if (v instanceof ClassObjectReference) return CLASS_OBJECT;
    if (v instanceof ArrayReference) return ARRAY;
    return OBJECT;
  }

  /** The tag of a field or variable of signature {@code sig} when it holds null. */
  static int tagOfSignature(String sig) {
    char c = sig.charAt(0);
    return c == '[' ? ARRAY : c == 'L' ? OBJECT : c;
  }

  void writeTagged(PacketOut out, Value v) {
    int tag = tagOf(v);
    out.writeByte(tag);
    writeUntagged(out, tag, v);
  }

  /** An object id with its tag (for events that carry one). */
  void writeTaggedObject(PacketOut out, ObjectReference o) {
    out.writeByte(tagOf(o)).writeId(ids.object(o));
  }

  void writeUntagged(PacketOut out, int tag, Value v) {
    switch (tag) {
      case BOOLEAN -> out.writeBoolean(((BooleanValue) v).value());
      case BYTE -> out.writeByte(((ByteValue) v).value());
      case CHAR -> out.writeChar(((CharValue) v).value());
      case SHORT -> out.writeShort(((ShortValue) v).value());
      case INT -> out.writeInt(((IntegerValue) v).value());
      case LONG -> out.writeLong(((LongValue) v).value());
      case FLOAT -> out.writeFloat(((FloatValue) v).value());
      case DOUBLE -> out.writeDouble(((DoubleValue) v).value());
      case VOID -> { }
      default -> out.writeId(ids.object((ObjectReference) v));
    }
  }

  /** A tagged value the client sent, as a value of the current JVM. */
  Value readTagged(PacketIn in) {
    return readUntagged(in, in.readByte());
  }

  Value readUntagged(PacketIn in, int tag) {
    VirtualMachine vm = ids.vm();
    switch (tag) {
      case BOOLEAN: return vm.mirrorOf(in.readBoolean());
      case BYTE: return vm.mirrorOf((byte) in.readByte());
      case CHAR: return vm.mirrorOf(in.readChar());
      case SHORT: return vm.mirrorOf(in.readShort());
      case INT: return vm.mirrorOf(in.readInt());
      case LONG: return vm.mirrorOf(in.readLong());
      case FLOAT: return vm.mirrorOf(in.readFloat());
      case DOUBLE: return vm.mirrorOf(in.readDouble());
      case VOID: return vm.mirrorOfVoid();
      case ARRAY: case OBJECT: case STRING: case THREAD: case THREAD_GROUP: case CLASS_LOADER: case CLASS_OBJECT:
        return ids.objectMirror(in.readId());
      default:
        throw new JdwpError(JdwpError.INVALID_TAG);
    }
  }
}
