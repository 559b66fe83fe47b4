package ttd.debug.eval;

import com.sun.jdi.ArrayType;
import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.ClassType;
import com.sun.jdi.InterfaceType;
import com.sun.jdi.Method;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.Type;
import com.sun.jdi.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import ttd.debug.BadInput;

/**
 * Chooses the method a console call names among its overloads, by the types of the arguments as
 * Java does: first without boxing and with widening only, then with any numeric conversion (a
 * literal {@code 3} for a {@code short}), then boxing a primitive for a reference parameter
 * ({@code map.get(3)}); within a phase the most specific method wins. Without this, {@code
 * record.get("region")} on Commons CSV's {@code CSVRecord} picked {@code get(Enum)} and failed.
 */
final class Overloads {

  /** Primitive types and what each widens to, as JLS 5.1.2 says. */
  private static final Map<String, List<String>> WIDENS_TO =
      Map.of(
          "byte", List.of("byte", "short", "int", "long", "float", "double"),
          "short", List.of("short", "int", "long", "float", "double"),
          "char", List.of("char", "int", "long", "float", "double"),
          "int", List.of("int", "long", "float", "double"),
          "long", List.of("long", "float", "double"),
          "float", List.of("float", "double"),
          "double", List.of("double"),
          "boolean", List.of("boolean"));

  /** The wrapper class of each primitive type, for boxing. */
  static final Map<String, String> WRAPPERS =
      Map.of(
          "byte", "java.lang.Byte", "short", "java.lang.Short", "char", "java.lang.Character",
          "int", "java.lang.Integer", "long", "java.lang.Long", "float", "java.lang.Float",
          "double", "java.lang.Double", "boolean", "java.lang.Boolean");

  private enum Phase { STRICT, NUMERIC, BOXING }

  private Overloads() {}

  /** The method {@code name(args)} of {@code type} calls; throws {@link BadInput} with one sentence if none or several fit. */
  static Method pick(ReferenceType type, String name, List<Value> args, boolean statics) {
    List<Method> sameArity = new ArrayList<>();
    for (Method m : type.methodsByName(name)) {
      if (m.argumentTypeNames().size() == args.size() && !m.isAbstract() && !m.isBridge() && (!statics || m.isStatic())) {
        sameArity.add(m);
      }
    }
    if (sameArity.isEmpty()) {
      int arity = args.size();
      throw new BadInput(type.name() + " has no " + (statics ? "static " : "") + "method " + name + " taking " + arity + " argument" + (arity == 1 ? "" : "s"));
    }
    for (Phase phase : Phase.values()) {
      List<Method> applicable = new ArrayList<>();
      for (Method m : sameArity) {
        if (applicable(m, args, phase)) {
          applicable.add(m);
        }
      }
      if (!applicable.isEmpty()) {
        return mostSpecific(type, name, applicable);
      }
    }
    throw new BadInput(
        "no method " + name + " of " + type.name() + " takes (" + args.stream().map(Overloads::typeName).collect(Collectors.joining(", "))
            + "); there are " + sameArity.stream().map(Overloads::signature).collect(Collectors.joining(", ")));
  }

  private static boolean applicable(Method m, List<Value> args, Phase phase) {
    List<String> params = m.argumentTypeNames();
    for (int i = 0; i < args.size(); i++) {
      Value a = args.get(i);
      String p = params.get(i);
      boolean ok;
      if (a == null) {
        ok = !WIDENS_TO.containsKey(p);
      } else if (a instanceof PrimitiveValue) {
        ok = primitiveFits(a.type().name(), p, phase) || phase == Phase.BOXING && boxes(m, i, a.type().name());
      } else {
        ok = !WIDENS_TO.containsKey(p) && assignable(a.type(), parameterType(m, i));
      }
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static boolean primitiveFits(String arg, String param, Phase phase) {
    if (!WIDENS_TO.containsKey(param)) {
      return false;
    }
    if (WIDENS_TO.get(arg).contains(param)) {
      return true;
    }
    return phase != Phase.STRICT && !arg.equals("boolean") && !param.equals("boolean") && !param.equals("char");
  }

  private static boolean boxes(Method m, int i, String primitive) {
    Type param = parameterType(m, i);
    if (param == null) {
      return false;
    }
    List<ReferenceType> wrapper = m.virtualMachine().classesByName(WRAPPERS.get(primitive));
    return !wrapper.isEmpty() && assignable(wrapper.get(0), param);
  }

  /**
   * The declared type of parameter {@code i}; null if no class of its name is loaded (then no object
   * but null can be passed). JDI answers only for types the method's class loader has itself been
   * asked for, so {@code describe(CharSequence)} of a class that never named {@code CharSequence}
   * in code it ran is looked up by name, preferring the declaring class's loader.
   */
  private static Type parameterType(Method m, int i) {
    try {
      return m.argumentTypes().get(i);
    } catch (ClassNotLoadedException e) {
      List<ReferenceType> named = m.virtualMachine().classesByName(m.argumentTypeNames().get(i));
      for (ReferenceType t : named) {
        if (Objects.equals(t.classLoader(), m.declaringType().classLoader())) {
          return t;
        }
      }
      return named.isEmpty() ? null : named.get(0);
    }
  }

  /** Whether a value of type {@code from} may be passed where {@code to} is declared. */
  static boolean assignable(Type from, Type to) {
    if (to == null || from == null) {
      return false;
    }
    if (from.equals(to) || to.name().equals("java.lang.Object")) {
      return true;
    }
    if (from instanceof ClassType c) {
      for (ClassType s = c.superclass(); s != null; s = s.superclass()) {
        if (s.equals(to)) {
          return true;
        }
      }
      return to instanceof InterfaceType && c.allInterfaces().contains(to);
    }
    if (from instanceof InterfaceType i) {
      for (InterfaceType s : i.superinterfaces()) {
        if (assignable(s, to)) {
          return true;
        }
      }
      return false;
    }
    if (from instanceof ArrayType a) {
      if (to.name().equals("java.lang.Cloneable") || to.name().equals("java.io.Serializable")) {
        return true;
      }
      if (!(to instanceof ArrayType b)) {
        return false;
      }
      if (WIDENS_TO.containsKey(a.componentTypeName()) || WIDENS_TO.containsKey(b.componentTypeName())) {
        return a.componentTypeName().equals(b.componentTypeName());
      }
      List<ReferenceType> fromComponent = a.virtualMachine().classesByName(a.componentTypeName());
      List<ReferenceType> toComponent = b.virtualMachine().classesByName(b.componentTypeName());
      return !fromComponent.isEmpty() && !toComponent.isEmpty() && assignable(fromComponent.get(0), toComponent.get(0));
    }
    return false;
  }

  /**
   * The one method whose parameters all fit every other's; among methods alike in that, the one
   * declared nearest {@code type}. Several that do not fit each other are ambiguous, as in Java.
   */
  private static Method mostSpecific(ReferenceType type, String name, List<Method> applicable) {
    List<Method> best = new ArrayList<>();
    for (Method m : applicable) {
      boolean fitsAll = true;
      for (Method other : applicable) {
        fitsAll &= other == m || fits(m, other);
      }
      if (fitsAll) {
        best.add(m);
      }
    }
    for (Method m : best) {
      if (m.declaringType().equals(type)) {
        return m;
      }
    }
    if (!best.isEmpty()) {
      return best.get(0);
    }
    throw new BadInput(
        "the call " + name + "() is ambiguous in " + type.name() + ": " + applicable.stream().map(Overloads::signature).collect(Collectors.joining(", "))
            + " all fit its arguments");
  }

  /** Whether every parameter of {@code a} may be passed to the same parameter of {@code b}. */
  private static boolean fits(Method a, Method b) {
    List<String> pa = a.argumentTypeNames();
    List<String> pb = b.argumentTypeNames();
    for (int i = 0; i < pa.size(); i++) {
      boolean ok;
      if (WIDENS_TO.containsKey(pa.get(i))) {
        ok = WIDENS_TO.containsKey(pb.get(i)) && WIDENS_TO.get(pa.get(i)).contains(pb.get(i));
      } else {
        ok = !WIDENS_TO.containsKey(pb.get(i)) && (pa.get(i).equals(pb.get(i)) || assignable(parameterType(a, i), parameterType(b, i)));
      }
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static String typeName(Value v) {
    return v == null ? "null" : v.type().name();
  }

  private static String signature(Method m) {
    return m.name() + "(" + String.join(", ", m.argumentTypeNames()) + ")";
  }
}
