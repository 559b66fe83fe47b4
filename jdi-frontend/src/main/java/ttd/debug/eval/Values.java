package ttd.debug.eval;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.Field;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import com.sun.jdi.Value;

/** Shows values the way jdb does: strings quoted, objects as {@code instance of T(id=N)}. */
public final class Values {

  private Values() {}

  public static String show(Value v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof StringReference) {
      return "\"" + ((StringReference) v).value() + "\"";
    }
    if (v instanceof ArrayReference) {
      ArrayReference a = (ArrayReference) v;
      String type = a.type().name();
      return "instance of " + type.replaceFirst("\\[\\]", "[" + a.length() + "]") + " (id=" + a.uniqueID() + ")";
    }
    if (v instanceof ObjectReference) {
      ObjectReference o = (ObjectReference) v;
      return "instance of " + o.referenceType().name() + "(id=" + o.uniqueID() + ")";
    }
    return v.toString();
  }

  /** The fields of an object (or elements of an array), one per line, as jdb's dump. */
  public static String dump(Value v) {
    if (v instanceof ArrayReference) {
      ArrayReference a = (ArrayReference) v;
      StringBuilder b = new StringBuilder("{");
      int n = Math.min(a.length(), 100);
      for (int i = 0; i < n; i++) {
        b.append(i == 0 ? "" : ", ").append(show(a.getValue(i)));
      }
      return b.append(a.length() > n ? ", ...}" : "}").toString();
    }
    if (!(v instanceof ObjectReference) || v instanceof StringReference) {
      return show(v);
    }
    ObjectReference o = (ObjectReference) v;
    StringBuilder b = new StringBuilder("{\n");
    for (Field f : o.referenceType().allFields()) {
      if (!f.isStatic()) {
        b.append("    ").append(f.name()).append(": ").append(show(o.getValue(f))).append('\n');
      }
    }
    return b.append("}").toString();
  }
}
