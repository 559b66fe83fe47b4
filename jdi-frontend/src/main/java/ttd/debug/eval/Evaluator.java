package ttd.debug.eval;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ArrayReference;
import com.sun.jdi.ClassLoaderReference;
import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.IntegerValue;
import com.sun.jdi.InternalException;
import com.sun.jdi.InvocationException;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import java.util.ArrayList;
import java.util.List;
import ttd.debug.BadInput;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.ClassNames;

/**
 * Evaluates an {@link Expression} in one frame of a stopped replay. Reading variables, fields and
 * array elements touches nothing; method calls run in the replay through {@link Target#invoke},
 * inside the replay's evaluation bracket, on the stopped thread alone. A call that would reach the
 * world (I/O, a process, an exit) is refused in one sentence: by {@link CallPolicy} before it
 * runs, or by the replay's agent as it tries.
 */
public final class Evaluator {

  private final Target target;
  private final ThreadReference thread;
  private final int frameIndex;
  /** Whether code may run in the replay (a method call, a {@code toString()} for a concatenation). */
  private final boolean runsCode;

  public Evaluator(Target target, ThreadReference thread, int frameIndex) {
    this(target, thread, frameIndex, true);
  }

  private Evaluator(Target target, ThreadReference thread, int frameIndex, boolean runsCode) {
    this.target = target;
    this.thread = thread;
    this.frameIndex = frameIndex;
    this.runsCode = runsCode;
  }

  /**
   * An evaluator for a breakpoint's condition in the top frame of {@code thread}: it reads, and
   * refuses to run code, since a condition is evaluated at every hit, in replays that must go on as
   * recorded (searches among them).
   */
  static Evaluator forCondition(Target target, ThreadReference thread) {
    return new Evaluator(target, thread, 0, false);
  }

  /** The value of {@code text}; throws {@link BadInput} with one sentence on any error. */
  public Value evaluate(String text) {
    Object v = eval(Parser.parse(text));
    if (v instanceof ClassName) {
      throw new BadInput("there is no variable, field or loaded class named '" + ((ClassName) v).name + "' here");
    }
    if (v instanceof ReferenceType) {
      throw new BadInput("'" + text + "' is a class, not a value");
    }
    return (Value) v;
  }

  /** JDWP's INVALID_SLOT: the frame's code holds no value in that slot at its current instruction. */
  private static final int JDWP_INVALID_SLOT = 35;

  private static final String NO_THIS =
      "the JVM gives no 'this' at this instruction (JDWP INVALID_SLOT); `step` or `next` once and try again";

  /**
   * The frame's {@code this}; null in a static method, and also where HotSpot answers INVALID_SLOT
   * for it, where JDI would throw an internal error: seen at the first instruction of Commons
   * CSV's {@code CSVRecord.getHeaderMapRaw} in a replay, stepped into from {@code get} (jdb on a
   * plain JVM shows it there; a program of the same shape replays and shows it; cause not found).
   */
  private static ObjectReference self(StackFrame f) {
    try {
      return f.thisObject();
    } catch (InternalException e) {
      if (e.errorCode() != JDWP_INVALID_SLOT) {
        throw e;
      }
      return null;
    }
  }

  /** A partial qualified name ({@code ttd.samples}) that may still become a class. */
  private static final class ClassName {
    final String name;

    ClassName(String name) {
      this.name = name;
    }
  }

  private StackFrame frame() {
    try {
      return thread.frame(frameIndex);
    } catch (IncompatibleThreadStateException e) {
      throw new BadInput("the thread is not stopped, so it has no frames to evaluate in");
    }
  }

  /** The value of {@code e}, each object it reads noted as held ({@link Target#exposed}). */
  private Object eval(Expression e) {
    Object v = read(e);
    return v instanceof Value ? target.exposed((Value) v) : v;
  }

  private Object read(Expression e) {
    if (e instanceof Expression.Literal) {
      return literal(((Expression.Literal) e).value());
    }
    if (e instanceof Expression.This) {
      ObjectReference self = self(frame());
      if (self == null) {
        throw new BadInput(frame().location().method().isStatic() ? "there is no 'this' in a static method" : NO_THIS);
      }
      return self;
    }
    if (e instanceof Expression.Name) {
      return name(((Expression.Name) e).name());
    }
    if (e instanceof Expression.FieldOf) {
      Expression.FieldOf f = (Expression.FieldOf) e;
      return field(eval(f.target()), f.name());
    }
    if (e instanceof Expression.Element) {
      Expression.Element el = (Expression.Element) e;
      return element(value(eval(el.array())), value(eval(el.index())));
    }
    if (e instanceof Expression.Unary u) {
      return Operators.unary(thread.virtualMachine(), u.op(), value(eval(u.operand())));
    }
    if (e instanceof Expression.Binary b) {
      return binary(b);
    }
    return call((Expression.Call) e);
  }

  /** {@code &&} and {@code ||} short-circuit; {@code +} with a string concatenates; the rest is {@link Operators}'. */
  private Value binary(Expression.Binary b) {
    VirtualMachine vm = thread.virtualMachine();
    Value left = value(eval(b.left()));
    if (b.op().equals("&&") || b.op().equals("||")) {
      boolean l = Operators.bool(b.op(), left);
      return vm.mirrorOf(l == b.op().equals("||") ? l : Operators.bool(b.op(), value(eval(b.right()))));
    }
    Value right = value(eval(b.right()));
    if ((b.op().equals("==") || b.op().equals("!=")) && (isStringLiteral(b.left()) || isStringLiteral(b.right()))) {
      return Operators.binary(vm, b.op(), interned(b.left(), left), interned(b.right(), right));
    }
    if (b.op().equals("+") && (left instanceof StringReference || right instanceof StringReference)) {
      if (!runsCode) {
        throw new BadInput(HitConditions.NO_CALLS + " (a string concatenation makes a string there)");
      }
      return vm.mirrorOf(text(left) + text(right));
    }
    return Operators.binary(vm, b.op(), left, right);
  }

  static boolean isStringLiteral(Expression e) {
    return e instanceof Expression.Literal l && l.value() instanceof String;
  }

  /**
   * A string literal as the program's code would see it: the JVM's interned instance, which the
   * literal's mirror is not ({@code name == "region"} is true in Java where {@code name} is that
   * literal). Interning runs code, so a condition cannot compare with a literal by identity
   * ({@link HitConditions#check} refuses it).
   */
  private Value interned(Expression e, Value v) {
    if (!isStringLiteral(e)) {
      return v;
    }
    if (!runsCode) {
      throw new BadInput(HitConditions.NO_LITERAL_IDENTITY);
    }
    ObjectReference literal = (ObjectReference) v;
    return invoke(literal, null, Overloads.pick(literal.referenceType(), "intern", List.of(), false), List.of());
  }

  /** A value as Java's string conversion shows it: an object by its {@code toString()}, run in the replay. */
  private String text(Value v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof StringReference s) {
      return s.value();
    }
    if (v instanceof PrimitiveValue) {
      return v.toString();
    }
    ObjectReference o = (ObjectReference) v;
    Method m = Overloads.pick(o.referenceType(), "toString", List.of(), false);
    CallPolicy.check(m);
    Value s = invoke(o, null, m, List.of());
    return s == null ? "null" : ((StringReference) s).value();
  }

  private Value value(Object o) {
    if (o instanceof ClassName) {
      throw new BadInput("there is no variable, field or loaded class named '" + ((ClassName) o).name + "' here");
    }
    if (o instanceof ReferenceType) {
      throw new BadInput(((ReferenceType) o).name() + " is a class, not a value");
    }
    return (Value) o;
  }

  private Object name(String name) {
    StackFrame f = frame();
    try {
      LocalVariable local = f.visibleVariableByName(name);
      if (local != null) {
        try {
          return f.getValue(local);
        } catch (InternalException e) {
          if (e.errorCode() != JDWP_INVALID_SLOT) {
            throw e;
          }
          throw new BadInput("the JVM gives no value of " + name + " at this instruction (JDWP INVALID_SLOT); `step` or `next` once and try again");
        }
      }
    } catch (AbsentInformationException e) {
      // compiled without local variable names: fields and classes still work
    }
    ObjectReference self = target.exposed(self(f));
    if (self != null) {
      Field field = self.referenceType().fieldByName(name);
      if (field != null) {
        return self.getValue(field);
      }
    } else if (!f.location().method().isStatic() && f.location().declaringType().fieldByName(name) != null && !f.location().declaringType().fieldByName(name).isStatic()) {
      throw new BadInput(NO_THIS);
    }
    ReferenceType here = f.location().declaringType();
    Field field = here.fieldByName(name);
    if (field != null && field.isStatic()) {
      return here.getValue(field);
    }
    List<ReferenceType> types = ClassNames.loaded(thread.virtualMachine(), name);
    return types.size() == 1 ? types.get(0) : new ClassName(name);
  }

  private Object field(Object owner, String name) {
    if (owner instanceof ClassName) {
      String qualified = ((ClassName) owner).name + "." + name;
      List<ReferenceType> types = thread.virtualMachine().classesByName(qualified);
      return types.isEmpty() ? new ClassName(qualified) : types.get(0);
    }
    if (owner instanceof ReferenceType) {
      ReferenceType type = (ReferenceType) owner;
      Field f = type.fieldByName(name);
      if (f == null || !f.isStatic()) {
        List<ReferenceType> nested = thread.virtualMachine().classesByName(type.name() + "$" + name);
        if (!nested.isEmpty()) {
          return nested.get(0);
        }
        throw new BadInput(type.name() + " has no static field " + name);
      }
      return type.getValue(f);
    }
    Value v = (Value) owner;
    if (v instanceof ArrayReference && name.equals("length")) {
      return thread.virtualMachine().mirrorOf(((ArrayReference) v).length());
    }
    if (!(v instanceof ObjectReference)) {
      throw new BadInput(v == null ? "cannot read field " + name + " of null" : "a " + v.type().name() + " has no fields");
    }
    ObjectReference o = (ObjectReference) v;
    Field f = o.referenceType().fieldByName(name);
    if (f == null) {
      throw new BadInput(o.referenceType().name() + " has no field " + name);
    }
    return f.isStatic() ? o.referenceType().getValue(f) : o.getValue(f);
  }

  private Value element(Value array, Value index) {
    if (!(array instanceof ArrayReference)) {
      throw new BadInput("only arrays have elements, and this is " + (array == null ? "null" : "a " + array.type().name()));
    }
    if (!(index instanceof IntegerValue)) {
      throw new BadInput("an array index must be an int");
    }
    ArrayReference a = (ArrayReference) array;
    int i = ((IntegerValue) index).value();
    if (i < 0 || i >= a.length()) {
      throw new BadInput("index " + i + " is out of bounds for length " + a.length());
    }
    return a.getValue(i);
  }

  private Value call(Expression.Call c) {
    boolean computable = c.target() != null && StringMethods.computes(c.name(), c.args().size());
    if (!runsCode && !computable) {
      throw new BadInput(HitConditions.NO_CALLS + " (" + c.name() + "())");
    }
    Object owner;
    if (c.target() == null) {
      ObjectReference self = target.exposed(self(frame()));
      owner = self != null ? self : frame().location().declaringType();
    } else {
      owner = eval(c.target());
      if (owner instanceof ClassName) {
        throw new BadInput("there is no variable, field or loaded class named '" + ((ClassName) owner).name + "' here");
      }
    }
    List<Value> args = new ArrayList<>();
    for (Expression a : c.args()) {
      args.add(value(eval(a)));
    }
    Value computed = computable ? stringMethod(c.name(), owner, args) : null;
    if (computed != null) {
      return computed;
    }
    if (!runsCode) {
      throw new BadInput(HitConditions.NO_CALLS + " (" + c.name() + "())");
    }
    ReferenceType type;
    ObjectReference object = null;
    if (owner instanceof ReferenceType) {
      type = (ReferenceType) owner;
    } else if (owner instanceof ObjectReference) {
      object = (ObjectReference) owner;
      type = object.referenceType();
    } else {
      throw new BadInput(owner == null ? "cannot call " + c.name() + "() on null" : "a " + ((Value) owner).type().name() + " has no methods");
    }
    Method m = Overloads.pick(type, c.name(), args, object == null);
    CallPolicy.check(m);
    ClassType classType = type instanceof ClassType ? (ClassType) type : null;
    if (object == null && classType == null) {
      throw new BadInput("cannot call a static method of interface " + type.name());
    }
    List<Value> passed = boxed(m, args);
    resolveParameterTypes(m);
    return invoke(object, classType, m, passed);
  }

  /**
   * {@code text.equals("x")} and the other {@link StringMethods} on a string, answered from the
   * values the call's receiver and arguments evaluated to (once, without running code); null where
   * the call is not one of them (another receiver, or an argument that is neither a string nor
   * null, except for {@code equals}).
   */
  private Value stringMethod(String name, Object owner, List<Value> values) {
    if (!(owner instanceof StringReference self)) {
      return null;
    }
    List<String> args = new ArrayList<>();
    for (Value v : values) {
      if (v instanceof StringReference s) {
        args.add(s.value());
      } else if (v == null || name.equals("equals")) {
        args.add(null);
      } else {
        return null;
      }
    }
    Object answer;
    try {
      answer = StringMethods.answer(name, self.value(), args);
    } catch (NullPointerException e) {
      throw new BadInput("the call " + name + "() threw java.lang.NullPointerException");
    }
    VirtualMachine vm = thread.virtualMachine();
    return answer instanceof Boolean b ? vm.mirrorOf(b) : vm.mirrorOf((Integer) answer);
  }

  /**
   * Has the method's class loader resolve its parameter types, already loaded by another, when it
   * has not done so itself: JDI checks each argument against the parameter's type as that loader
   * sees it and refuses otherwise ("Class java.lang.CharSequence not loaded"), where the JVM would
   * resolve it as the call runs. {@code Class.forName} without initialisation finds the loaded class
   * through the loader's delegation and records the loader as one that knows it.
   */
  private void resolveParameterTypes(Method m) {
    ClassLoaderReference loader = m.declaringType().classLoader();
    if (loader == null) {
      return;
    }
    try {
      m.argumentTypes();
      return;
    } catch (ClassNotLoadedException e) {
      // resolved below, name by name
    }
    VirtualMachine vm = thread.virtualMachine();
    ClassType classClass = (ClassType) vm.classesByName("java.lang.Class").get(0);
    for (String name : m.argumentTypeNames()) {
      if (!Overloads.WRAPPERS.containsKey(name) && !name.endsWith("[]") && !vm.classesByName(name).isEmpty()) {
        List<Value> forNameArgs = List.of(vm.mirrorOf(name), vm.mirrorOf(false), loader);
        invoke(null, classClass, Overloads.pick(classClass, "forName", forNameArgs, true), forNameArgs);
      }
    }
  }

  /** The arguments, each primitive one passed for a reference parameter boxed by its wrapper's {@code valueOf}. */
  private List<Value> boxed(Method m, List<Value> args) {
    List<String> params = m.argumentTypeNames();
    List<Value> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Value a = args.get(i);
      String wrapper = a instanceof PrimitiveValue ? Overloads.WRAPPERS.get(a.type().name()) : null;
      if (wrapper != null && !Overloads.WRAPPERS.containsKey(params.get(i))) {
        ClassType w = (ClassType) thread.virtualMachine().classesByName(wrapper).get(0);
        a = invoke(null, w, Overloads.pick(w, "valueOf", List.of(a), true), List.of(a));
      }
      out.add(a);
    }
    return Literals.convert(thread.virtualMachine(), m, out);
  }

  private Value invoke(ObjectReference object, ClassType classType, Method m, List<Value> args) {
    try {
      return target.invoke(thread, object, classType, m, args);
    } catch (InvocationException e) {
      throw new BadInput("the call " + m.name() + "() threw " + e.exception().referenceType().name());
    } catch (IllegalArgumentException e) {
      throw new BadInput(e.getMessage());
    }
  }

  private Value literal(Object v) {
    VirtualMachine vm = thread.virtualMachine();
    if (v == null) {
      return null;
    }
    if (v instanceof String) {
      return vm.mirrorOf((String) v);
    }
    return Literals.mirror(vm, v);
  }
}
