package ttd.debug.eval;

import com.sun.jdi.BooleanValue;
import com.sun.jdi.DoubleValue;
import com.sun.jdi.FloatValue;
import com.sun.jdi.LongValue;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import ttd.debug.BadInput;

/**
 * Java's unary and binary operators over the replay's values, computed in the console as the JLS
 * says (binary numeric promotion, int and long overflow, shifts masked to the operand's width,
 * {@code ==} on references as identity, wrappers unboxed by reading their field), so that {@code print total - paid} or {@code print
 * order == last} touch nothing in the replay. String concatenation, which may call {@code
 * toString()}, is the {@link Evaluator}'s; {@code &&} and {@code ||} are evaluated there too,
 * short-circuiting as Java does.
 */
final class Operators {

  /** Each binary operator's precedence, higher binding tighter (JLS 15.7 onwards). */
  private static final Map<String, Integer> PRECEDENCE =
      Map.ofEntries(
          Map.entry("||", 1), Map.entry("&&", 2), Map.entry("|", 3), Map.entry("^", 4), Map.entry("&", 5),
          Map.entry("==", 6), Map.entry("!=", 6),
          Map.entry("<", 7), Map.entry("<=", 7), Map.entry(">", 7), Map.entry(">=", 7),
          Map.entry("<<", 8), Map.entry(">>", 8), Map.entry(">>>", 8),
          Map.entry("+", 9), Map.entry("-", 9),
          Map.entry("*", 10), Map.entry("/", 10), Map.entry("%", 10));

  /** The operators, longest first, so that reading {@code >>=} finds {@code >>} and not {@code >}. */
  static final List<String> BY_LENGTH =
      PRECEDENCE.keySet().stream().sorted(Comparator.comparing(String::length).reversed().thenComparing(Comparator.naturalOrder())).toList();

  /** The promoted type of an arithmetic operation, narrowest first. */
  private enum Kind { INT, LONG, FLOAT, DOUBLE }

  private Operators() {}

  static int precedence(String op) {
    return PRECEDENCE.get(op);
  }

  /** {@code op operand}. */
  static Value unary(VirtualMachine vm, String op, Value operand) {
    if (op.equals("!")) {
      return vm.mirrorOf(!bool(op, operand));
    }
    PrimitiveValue p = numeric(op, operand);
    Kind k = kind(p, p);
    if (op.equals("~")) {
      integral(op, k);
      return k == Kind.LONG ? vm.mirrorOf(~p.longValue()) : vm.mirrorOf(~p.intValue());
    }
    switch (k) {
      case INT: return vm.mirrorOf(-p.intValue());
      case LONG: return vm.mirrorOf(-p.longValue());
      case FLOAT: return vm.mirrorOf(-p.floatValue());
      default: return vm.mirrorOf(-p.doubleValue());
    }
  }

  /** {@code a op b} for every operator but {@code &&}, {@code ||} and a {@code +} on strings. */
  static Value binary(VirtualMachine vm, String op, Value a, Value b) {
    if (op.equals("==") || op.equals("!=")) {
      return vm.mirrorOf(equal(a, b) == op.equals("=="));
    }
    if (unboxed(a) instanceof BooleanValue && unboxed(b) instanceof BooleanValue && (op.equals("&") || op.equals("|") || op.equals("^"))) {
      boolean x = bool(op, a);
      boolean y = bool(op, b);
      return vm.mirrorOf(op.equals("&") ? x & y : op.equals("|") ? x | y : x ^ y);
    }
    PrimitiveValue x = numeric(op, a);
    PrimitiveValue y = numeric(op, b);
    if (op.startsWith("<<") || op.startsWith(">>")) {
      return shift(vm, op, x, y);
    }
    Kind k = kind(x, y);
    switch (op) {
      case "<": case "<=": case ">": case ">=": return vm.mirrorOf(relation(op, k, x, y));
      case "&": case "|": case "^": return bitwise(vm, op, integral(op, k), x, y);
      default: return arithmetic(vm, op, k, x, y);
    }
  }

  private static boolean equal(Value a, Value b) {
    if (a instanceof BooleanValue && b instanceof BooleanValue) {
      return ((BooleanValue) a).value() == ((BooleanValue) b).value();
    }
    if (a instanceof PrimitiveValue && b instanceof PrimitiveValue) {
      PrimitiveValue x = numeric("==", a);
      PrimitiveValue y = numeric("==", b);
      return relation("==", kind(x, y), x, y);
    }
    if (a instanceof PrimitiveValue || b instanceof PrimitiveValue) {
      Value x = unboxed(a);
      Value y = unboxed(b);
      if (x instanceof PrimitiveValue && y instanceof PrimitiveValue) {
        return equal(x, y);
      }
      throw new BadInput("cannot compare " + describe(a) + " with " + describe(b));
    }
    return Objects.equals(a, b);
  }

  private static Value arithmetic(VirtualMachine vm, String op, Kind k, PrimitiveValue x, PrimitiveValue y) {
    switch (k) {
      case INT: {
        int a = x.intValue();
        int b = y.intValue();
        if ((op.equals("/") || op.equals("%")) && b == 0) {
          throw new BadInput("the expression divides by zero");
        }
        return vm.mirrorOf(op.equals("+") ? a + b : op.equals("-") ? a - b : op.equals("*") ? a * b : op.equals("/") ? a / b : a % b);
      }
      case LONG: {
        long a = x.longValue();
        long b = y.longValue();
        if ((op.equals("/") || op.equals("%")) && b == 0) {
          throw new BadInput("the expression divides by zero");
        }
        return vm.mirrorOf(op.equals("+") ? a + b : op.equals("-") ? a - b : op.equals("*") ? a * b : op.equals("/") ? a / b : a % b);
      }
      case FLOAT: {
        float a = x.floatValue();
        float b = y.floatValue();
        return vm.mirrorOf(op.equals("+") ? a + b : op.equals("-") ? a - b : op.equals("*") ? a * b : op.equals("/") ? a / b : a % b);
      }
      default: {
        double a = x.doubleValue();
        double b = y.doubleValue();
        return vm.mirrorOf(op.equals("+") ? a + b : op.equals("-") ? a - b : op.equals("*") ? a * b : op.equals("/") ? a / b : a % b);
      }
    }
  }

  private static Value bitwise(VirtualMachine vm, String op, Kind k, PrimitiveValue x, PrimitiveValue y) {
    if (k == Kind.LONG) {
      long a = x.longValue();
      long b = y.longValue();
      return vm.mirrorOf(op.equals("&") ? a & b : op.equals("|") ? a | b : a ^ b);
    }
    int a = x.intValue();
    int b = y.intValue();
    return vm.mirrorOf(op.equals("&") ? a & b : op.equals("|") ? a | b : a ^ b);
  }

  /** A shift's type is its left operand's, promoted alone (JLS 15.19). */
  private static Value shift(VirtualMachine vm, String op, PrimitiveValue x, PrimitiveValue y) {
    integral(op, kind(y, y));
    int distance = (int) y.longValue();
    if (integral(op, kind(x, x)) == Kind.LONG) {
      long a = x.longValue();
      return vm.mirrorOf(op.equals("<<") ? a << distance : op.equals(">>") ? a >> distance : a >>> distance);
    }
    int a = x.intValue();
    return vm.mirrorOf(op.equals("<<") ? a << distance : op.equals(">>") ? a >> distance : a >>> distance);
  }

  /** {@code x op y} for a comparison, both operands converted to the promoted type first (NaN compares false). */
  private static boolean relation(String op, Kind k, PrimitiveValue x, PrimitiveValue y) {
    int sign;
    switch (k) {
      case INT:
      case LONG:
        sign = Long.compare(x.longValue(), y.longValue());
        break;
      case FLOAT:
        if (Float.isNaN(x.floatValue()) || Float.isNaN(y.floatValue())) {
          return false;
        }
        sign = x.floatValue() < y.floatValue() ? -1 : x.floatValue() > y.floatValue() ? 1 : 0;
        break;
      default:
        if (Double.isNaN(x.doubleValue()) || Double.isNaN(y.doubleValue())) {
          return false;
        }
        sign = x.doubleValue() < y.doubleValue() ? -1 : x.doubleValue() > y.doubleValue() ? 1 : 0;
        break;
    }
    switch (op) {
      case "<": return sign < 0;
      case "<=": return sign <= 0;
      case ">": return sign > 0;
      case ">=": return sign >= 0;
      default: return sign == 0;
    }
  }

  /** Binary numeric promotion (JLS 5.6): double, else float, else long, else int. */
  private static Kind kind(PrimitiveValue x, PrimitiveValue y) {
    if (x instanceof DoubleValue || y instanceof DoubleValue) {
      return Kind.DOUBLE;
    }
    if (x instanceof FloatValue || y instanceof FloatValue) {
      return Kind.FLOAT;
    }
    return x instanceof LongValue || y instanceof LongValue ? Kind.LONG : Kind.INT;
  }

  private static Kind integral(String op, Kind k) {
    if (k == Kind.FLOAT || k == Kind.DOUBLE) {
      throw new BadInput("the operator " + op + " takes integers, not floating-point numbers");
    }
    return k;
  }

  private static PrimitiveValue numeric(String op, Value v) {
    Value u = unboxed(v);
    if (u instanceof PrimitiveValue && !(u instanceof BooleanValue)) {
      return (PrimitiveValue) u;
    }
    throw new BadInput("the operator " + op + " takes numbers, and this is " + describe(v));
  }

  static boolean bool(String op, Value v) {
    Value u = unboxed(v);
    if (u instanceof BooleanValue) {
      return ((BooleanValue) u).value();
    }
    throw new BadInput("the operator " + op + " takes booleans, and this is " + describe(v));
  }

  /** A wrapper's primitive ({@code Integer} to {@code int}), read from its {@code value} field without running code; anything else as it is. */
  private static Value unboxed(Value v) {
    if (v instanceof ObjectReference o && Overloads.WRAPPERS.containsValue(o.referenceType().name())) {
      return o.getValue(o.referenceType().fieldByName("value"));
    }
    return v;
  }

  private static String describe(Value v) {
    return v == null ? "null" : "a " + v.type().name();
  }
}
