package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import ttd.runtime.HookDelegate;
import ttd.runtime.Hooks;

/**
 * Every row of the capture table names a JDK method that exists in the running JDK (where the row
 * says it applies) and a hook that exists in the bootstrap façade with the descriptor the rewrite
 * calls it with; a changed body calls the row's hook. Run on JDK 17 and again on 25 (the {@code
 * jdk25} profile).
 */
class CaptureTableTest {

  private static final Runtime.Version JDK = Runtime.version();

  @Test
  void everyRowNamesAMethodOfTheRunningJdk() {
    List<String> missing = new ArrayList<>();
    int checked = 0;
    for (Capture c : CaptureTable.rows()) {
      if (!c.jdks().includes(JDK) || c.how() == Capture.Rewrite.NATIVE_IO) {
        continue; // the native I/O rows hold both JDKs' natives; RealNativeIoCallsTest checks them
      }
      checked++;
      if (!exists(c)) {
        missing.add(c.method() + (c.isStatic() ? " (static)" : ""));
      }
    }
    assertEquals(List.of(), missing, "rows whose JDK method is not in JDK " + JDK);
    assertTrue(checked > 150, "checked " + checked + " rows");
  }

  @Test
  void aRowForAMethodAJdk17UpdateTookAppliesFromThatUpdate() {
    Capture.Jdks istty = Capture.Jdks.UNTIL_21_BUT_17_BEFORE_UPDATE_20;
    Capture.Jdks ttyStatus = Capture.Jdks.FROM_22_AND_17_FROM_UPDATE_20;
    assertEquals(List.of(true, false, false, true, false),
        List.of("17.0.15", "17.0.20", "17.0.21.1", "21.0.2", "25.0.1").stream()
            .map(v -> istty.includes(Runtime.Version.parse(v))).toList());
    assertEquals(List.of(false, true, true, false, true),
        List.of("17.0.19", "17.0.20", "17.0.21.1", "21.0.2", "25.0.1").stream()
            .map(v -> ttyStatus.includes(Runtime.Version.parse(v))).toList());
    assertEquals(List.of(true, true, false),
        List.of("17", "17.0.21", "18").stream()
            .map(v -> Capture.Jdks.UNTIL_17.includes(Runtime.Version.parse(v))).toList());
  }

  @Test
  void everyRowsHookIsAPublicStaticMethodOfItsFacadeWithTheDescriptorItIsCalledWith() {
    List<String> missing = new ArrayList<>();
    for (Capture c : CaptureTable.rows()) {
      if (c.hookName() != null && !hookExists(c)) {
        missing.add(c.method() + " -> " + c.hook());
      }
    }
    assertEquals(List.of(), missing, "rows whose hook is not in ttd.runtime");
  }

  @Test
  void everyChangedBodyCallsItsRowsHook() throws IOException {
    List<String> missing = new ArrayList<>();
    ClassFileInstrumenter instrumenter = new ClassFileInstrumenter(null);
    for (Capture c : CaptureTable.rows()) {
      if (c.how() != Capture.Rewrite.BODY || c.hookName() == null || !c.jdks().includes(JDK)) {
        continue;
      }
      String type = c.callers().iterator().next();
      byte[] original = classFile(type);
      byte[] rewritten = original == null ? null : instrumenter.instrument(type, original);
      if (rewritten == null || !MethodCalls.in(rewritten).contains(c.hook())) {
        missing.add(type + " does not call " + c.hook() + " for " + c.method());
      }
    }
    assertEquals(List.of(), missing);
  }

  @Test
  void aRowWithACodecPassesItsCallersResultThroughOnValueAndCastsItBack() throws IOException {
    List<String> missing = new ArrayList<>();
    int checked = 0;
    for (Capture c : CaptureTable.rows()) {
      if (c.how() != Capture.Rewrite.RESULT_AT_CALL_SITE || c.codec() == null || !c.jdks().includes(JDK)) {
        continue;
      }
      checked++;
      // a private method's call sites are in the owner or a class of its nest; a public one's, a program's
      List<String> expected = throughOnValue(c);
      List<String> after = List.of();
      for (Class<?> type : nest(c.owner())) {
        String name = type.getName().replace('.', '/');
        if (!c.notIn().contains(name)) {
          after = after(c, name, classFile(name), expected.size());
          if (!after.isEmpty()) {
            break;
          }
        }
      }
      if (after.isEmpty()) {
        after = after(c, CALLER, callerOf(c), expected.size());
      }
      if (!after.equals(expected)) {
        missing.add(c.method() + " is followed by " + after + ", not " + expected);
      }
    }
    assertEquals(List.of(), missing);
    assertTrue(checked > 0, "checked " + checked + " rows with a codec");
  }

  @Test
  void aCallThatARecordedValueReplacesIsStaticWithAResultAndOnlyItsLastOperandMayBePrimitive() {
    List<String> wrong = new ArrayList<>();
    for (Capture c : CaptureTable.rows()) {
      if (c.how() != Capture.Rewrite.VALUE_INSTEAD_OF_CALL) {
        continue;
      }
      Type[] args = Type.getArgumentTypes(c.desc());
      boolean primitiveInside = false;
      for (int i = 0; i < args.length - 1; i++) {
        primitiveInside |= args[i].getSort() != Type.OBJECT && args[i].getSort() != Type.ARRAY;
      }
      if (!c.isStatic() || Type.getReturnType(c.desc()) == Type.VOID_TYPE || primitiveInside || c.codec() == null) {
        wrong.add(c.method());
      }
    }
    assertEquals(List.of(), wrong, "rows the call-site rewrite cannot pack into an array");
  }

  @Test
  void aCallThatARecordedValueReplacesHandsItsOperandsToTheHookAndGetsItsAnswerCastBack() throws Exception {
    int checked = 0;
    try {
      for (Capture c : CaptureTable.rows()) {
        if (c.how() != Capture.Rewrite.VALUE_INSTEAD_OF_CALL || !c.jdks().includes(JDK)) {
          continue;
        }
        checked++;
        Type[] params = Type.getArgumentTypes(c.desc());
        Object[] operands = new Object[params.length];
        for (int i = 0; i < params.length; i++) {
          operands[i] = sample(params[i], i);
        }
        Object answer = sample(Type.getReturnType(c.desc()), 9);
        List<Object[]> seen = new ArrayList<>();
        Hooks.install((HookDelegate) Proxy.newProxyInstance(HookDelegate.class.getClassLoader(),
            new Class<?>[] {HookDelegate.class}, (proxy, method, args) -> {
              if (method.getName().equals("onValueCall")) {
                seen.add((Object[]) args[1]);
                assertEquals(CaptureTable.valueNumber(c), args[3], c.method());
                return answer;
              }
              throw new AssertionError(c.method() + " called " + method.getName());
            }));
        Method probe = ValueCallProbe.of(c).getMethod("probe", ValueCallProbe.parameterClasses(params));
        Object result = probe.invoke(null, operands);
        assertEquals(1, seen.size(), c.method() + " reached the hook once");
        assertEquals(Arrays.deepToString(operands), Arrays.deepToString(seen.get(0)), c.method() + "'s operands, in order");
        assertEquals(String.valueOf(answer), String.valueOf(result), c.method() + " returns the hook's answer");
      }
    } finally {
      Hooks.install(null);
    }
    assertTrue(checked > 10, "checked " + checked + " rows");
  }

  /** A value of {@code type} that tells operand {@code i} apart (null for the JDK's own classes). */
  private static Object sample(Type type, int i) {
    switch (type.getSort()) {
      case Type.BOOLEAN:
        return i % 2 == 0;
      case Type.INT:
        return 40 + i;
      case Type.ARRAY:
        return type.getElementType().getSort() == Type.BYTE ? new byte[] {(byte) i} : null;
      default:
        return type.getClassName().equals("java.lang.String") ? "operand" + i : null;
    }
  }

  private static final String CALLER = "ttd/test/Caller";

  /** The calls and casts that follow {@code c}'s call in {@code type} once rewritten, or nothing. */
  private static List<String> after(Capture c, String type, byte[] original, int count) {
    byte[] rewritten = new ClassFileInstrumenter(null).instrument(type, original);
    List<String> code = rewritten == null ? List.of() : MethodCalls.callsAndCasts(rewritten);
    int call = code.indexOf("CALL " + c.method());
    return call < 0 ? List.of() : code.subList(call + 1, Math.min(call + 1 + count, code.size()));
  }

  /** A program's class whose one method calls {@code c}'s method with its own arguments. */
  private static byte[] callerOf(Capture c) {
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    w.visit(Opcodes.V11, Opcodes.ACC_PUBLIC, CALLER, null, "java/lang/Object", null);
    String desc = c.isStatic() ? c.desc() : "(L" + c.owner() + ";" + c.desc().substring(1);
    MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "call", desc, null, null);
    m.visitCode();
    int slot = 0;
    for (Type a : Type.getArgumentTypes(desc)) {
      m.visitVarInsn(a.getOpcode(Opcodes.ILOAD), slot);
      slot += a.getSize();
    }
    boolean isInterface = nest(c.owner())[0].isInterface();
    int op = c.isStatic() ? Opcodes.INVOKESTATIC : isInterface ? Opcodes.INVOKEINTERFACE : Opcodes.INVOKEVIRTUAL;
    m.visitMethodInsn(op, c.owner(), c.name(), c.desc(), isInterface);
    m.visitInsn(Type.getReturnType(desc).getOpcode(Opcodes.IRETURN));
    m.visitMaxs(0, 0);
    m.visitEnd();
    w.visitEnd();
    return w.toByteArray();
  }

  private static Class<?>[] nest(String owner) {
    try {
      return Class.forName(owner.replace('/', '.'), false, null).getNestMembers();
    } catch (ClassNotFoundException e) {
      throw new AssertionError(owner + " is not a JDK class", e);
    }
  }

  /** What follows a codec row's call: the hook and the cast, a primitive boxed before and unboxed after. */
  private static List<String> throughOnValue(Capture c) {
    Type result = Type.getReturnType(c.desc());
    String hook = "CALL " + c.hook();
    switch (result.getSort()) {
      case Type.BOOLEAN:
        return List.of("CALL java/lang/Boolean.valueOf(Z)Ljava/lang/Boolean;", hook, "CHECKCAST java/lang/Boolean",
            "CALL java/lang/Boolean.booleanValue()Z");
      case Type.INT:
        return List.of("CALL java/lang/Integer.valueOf(I)Ljava/lang/Integer;", hook, "CHECKCAST java/lang/Integer",
            "CALL java/lang/Integer.intValue()I");
      case Type.OBJECT:
      case Type.ARRAY:
        return List.of(hook, "CHECKCAST " + result.getInternalName());
      default:
        throw new AssertionError(c.method() + ": a result of this type needs its expected sequence here");
    }
  }

  @Test
  void theQuickScanLooksForEveryCalleeRewrittenInAnyClass() {
    Set<String> names = CaptureTable.scanNames();
    assertTrue(names.containsAll(List.of("nanoTime", "sleep", "park", "sun/management/VMManagement",
        "java/io/RandomAccessFile")), names.toString());
    assertTrue(!names.contains("notify") && !names.contains("getDeclaredMethods0"), "application and body rows: "
        + names);
  }

  private static boolean exists(Capture c) {
    Class<?> owner;
    try {
      owner = Class.forName(c.owner().replace('/', '.'), false, ClassLoader.getSystemClassLoader());
    } catch (ClassNotFoundException e) {
      return false;
    }
    if (c.isField()) {
      for (Field f : owner.getDeclaredFields()) {
        if (f.getName().equals(c.name()) && Type.getDescriptor(f.getType()).equals(c.desc())
            && Modifier.isStatic(f.getModifiers()) == c.isStatic()) {
          return true;
        }
      }
      return false;
    }
    if (c.name().equals("<init>")) {
      for (Constructor<?> k : owner.getDeclaredConstructors()) {
        if (Type.getConstructorDescriptor(k).equals(c.desc())) {
          return true;
        }
      }
      return false;
    }
    // a call may name a method through a subtype that inherits it (an MXBean's sub-interface)
    Deque<Class<?>> types = new ArrayDeque<>(List.of(owner));
    Set<Class<?>> seen = new HashSet<>();
    while (!types.isEmpty()) {
      Class<?> t = types.pop();
      if (!seen.add(t)) {
        continue;
      }
      for (Method m : t.getDeclaredMethods()) {
        if (m.getName().equals(c.name()) && Type.getMethodDescriptor(m).equals(c.desc())
            && Modifier.isStatic(m.getModifiers()) == c.isStatic()) {
          return true;
        }
      }
      if (t.getSuperclass() != null) {
        types.add(t.getSuperclass());
      }
      types.addAll(List.of(t.getInterfaces()));
    }
    return false;
  }

  private static boolean hookExists(Capture c) {
    try {
      for (Method m : Class.forName(c.hookOwner().replace('/', '.')).getMethods()) {
        if (m.getName().equals(c.hookName()) && Type.getMethodDescriptor(m).equals(c.hookDesc())
            && Modifier.isStatic(m.getModifiers())) {
          return true;
        }
      }
    } catch (ClassNotFoundException e) {
      return false;
    }
    return false;
  }

  private static byte[] classFile(String internalName) throws IOException {
    try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
      return in == null ? null : in.readAllBytes();
    }
  }
}
