package ttd.debug.eval;

import com.sun.jdi.Method;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import java.util.ArrayList;
import java.util.List;
import ttd.debug.BadInput;

/** Turns literals typed at the console into values of the replay, converted to a method's parameter types. */
final class Literals {

  private Literals() {}

  static Value mirror(VirtualMachine vm, Object v) {
    if (v instanceof Integer) {
      return vm.mirrorOf((Integer) v);
    }
    if (v instanceof Long) {
      return vm.mirrorOf((Long) v);
    }
    if (v instanceof Double) {
      return vm.mirrorOf((Double) v);
    }
    if (v instanceof Boolean) {
      return vm.mirrorOf((Boolean) v);
    }
    if (v instanceof Character) {
      return vm.mirrorOf((Character) v);
    }
    throw new BadInput("cannot use " + v + " here");
  }

  static List<Value> convert(VirtualMachine vm, Method m, List<Value> args) {
    List<String> types = m.argumentTypeNames();
    List<Value> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Value a = args.get(i);
      String t = types.get(i);
      if (a instanceof PrimitiveValue) {
        PrimitiveValue p = (PrimitiveValue) a;
        switch (t) {
          case "int":
            a = vm.mirrorOf(p.intValue());
            break;
          case "long":
            a = vm.mirrorOf(p.longValue());
            break;
          case "short":
            a = vm.mirrorOf(p.shortValue());
            break;
          case "byte":
            a = vm.mirrorOf(p.byteValue());
            break;
          case "double":
            a = vm.mirrorOf(p.doubleValue());
            break;
          case "float":
            a = vm.mirrorOf(p.floatValue());
            break;
          default:
            break;
        }
      }
      out.add(a);
    }
    return out;
  }
}
