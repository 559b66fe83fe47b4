package ttd.agent.instrument;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import ttd.agent.instrument.Capture.Rewrite;
import ttd.runtime.Hooks;

/**
 * Captured JDK methods called through a method handle or {@code Method.invoke}, which have no
 * call site to rewrite: {@code MethodHandles.lookup().findStatic(System.class, "nanoTime", ...)},
 * {@code Runtime.class.getMethod("availableProcessors").invoke(rt)}, and every call a dynamic
 * language (Groovy, JRuby, Clojure, expression engines) makes. Without this, such a clock read
 * replayed with the replaying machine's clock, and Groovy's {@code lock.wait(100)} made a real
 * wait while holding the baton, so the thread it waited for never ran.
 *
 * <p>The methods are the {@link CaptureTable}'s rows rewritten at call sites in any class (or any
 * application class), as a program may call them: public methods of public classes in packages
 * their modules export. For each such class an <em>adapter</em> is made the first time one of its
 * methods is looked up: a class in {@code ttd.runtime} (the bootstrap loader) with one static
 * method per row, {@code nanoTime()}, {@code availableProcessors(Runtime)}, {@code wait(Object,
 * long)}, whose body just calls the JDK method and is then rewritten by {@link CallSiteRewriter}
 * as an application class's code. So the hook, the event and the scheduler's part are exactly
 * those of a program's call site; the site is the adapter's method ({@code
 * ttd.runtime.Captured$java_lang_System.nanoTime(reflective or method-handle call)} in reports).
 * The adapter is made where the program's own look-up happens, so in record and replay alike.
 *
 * <p>{@link ReflectiveCallInstrumentation} hands this class each method handle a {@code Lookup}
 * makes and each reflective accessor; a handle of a captured method comes back as the adapter's
 * ({@code asType} to the original's type, which only differs in its receiver's), an accessor as
 * one that calls the adapter reflectively ({@code Hooks.invokeCaptured}). A method-handle
 * constant is left alone: the lambda metafactory needs the direct handle of its implementation
 * method, and for a method reference it gets the adapter's from {@link #lambdaImplementation}
 * ({@link MethodReferenceInstrumentation}; the clocks' references are {@link
 * ClockMethodReferences}' part).
 */
public final class ReflectiveCalls {

  /** What the adapters' call sites are named after, in place of a source file and line. */
  static final String SOURCE = "reflective or method-handle call";
  static final String ADAPTER_PREFIX = "ttd/runtime/Captured$";
  private static final String ACCESSOR = "ttd/runtime/CapturedMethodAccessor";
  private static final String REFLECT = "jdk.internal.reflect";

  /** The rows a program can reach dynamically, by method name. */
  private static final Map<String, List<Capture>> BY_NAME = byName(Runtime.version());
  /** The adapters made so far, by the binary name of the JDK class. */
  private static final Map<String, Class<?>> ADAPTERS = new HashMap<>();
  /** The JDK class of each adapter made so far, by the adapter's internal name. */
  private static final Map<String, Class<?>> ADAPTED = new HashMap<>();
  private static final Function<Stream<StackWalker.StackFrame>, Boolean> CONSTANT = new ConstantLink();
  private static Constructor<?> accessors;

  private ReflectiveCalls() {}

  /**
   * Lets the adapters' accessor class, in the bootstrap loader's unnamed module, implement the
   * JDK's {@code jdk.internal.reflect.MethodAccessor}. Called at start-up in both modes.
   */
  public static void prepare(Instrumentation inst) {
    Module base = Object.class.getModule();
    inst.redefineModule(base, Set.of(), Map.of(REFLECT, Set.of(Hooks.class.getModule())), Map.of(), Set.of(),
        Map.of());
  }

  /**
   * The rows of {@link CaptureTable#AT_ANY_CALL_SITE} a program may reach through reflection on
   * {@code jdk}, by name: methods (not fields) of the release, in packages a module of the boot
   * layer exports to all. Whether the method and its class are public is asked of the member.
   */
  static Map<String, List<Capture>> byName(Runtime.Version jdk) {
    Set<String> exported = new java.util.HashSet<>();
    for (Module m : ModuleLayer.boot().modules()) {
      for (java.lang.module.ModuleDescriptor.Exports e : m.getDescriptor().exports()) {
        if (!e.isQualified()) {
          exported.add(e.source().replace('.', '/'));
        }
      }
    }
    Map<String, List<Capture>> rows = new HashMap<>();
    for (Capture c : CaptureTable.rows()) {
      boolean anywhere = c.callers() == Capture.ANY || c.callers() == Capture.APPLICATION;
      if (anywhere && c.how() != Rewrite.BODY && c.how() != Rewrite.NATIVE_IO && !c.isField()
          && c.jdks().includes(jdk) && exported.contains(c.owner().substring(0, c.owner().lastIndexOf('/')))) {
        List<Capture> named = rows.get(c.name());
        if (named == null) {
          named = new ArrayList<>();
          rows.put(c.name(), named);
        }
        named.add(c);
      }
    }
    return rows;
  }

  /** Whether a method of this name may be captured: the cheap test every look-up takes. */
  public static boolean mayBeCaptured(String name) {
    return BY_NAME.containsKey(name);
  }

  /**
   * The handle the program gets for {@code member}, whose direct handle a {@code Lookup} made:
   * the adapter's for a captured method, else {@code handle} itself.
   */
  public static MethodHandle handle(MethodHandle handle, Member member) {
    boolean isStatic = Modifier.isStatic(member.getModifiers());
    MethodType type = isStatic ? handle.type() : handle.type().dropParameterTypes(0, 1);
    Capture row = reachable(member, type.toMethodDescriptorString());
    if (row == null || handle.isVarargsCollector()
        || StackWalker.getInstance().walk(CONSTANT)) {
      return handle;
    }
    Class<?> owner = member.getDeclaringClass();
    try {
      MethodType adapterType = isStatic ? type : type.insertParameterTypes(0, owner);
      MethodHandle adapter =
          MethodHandles.publicLookup().findStatic(adapter(owner), member.getName(), adapterType);
      return adapter.asType(handle.type());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("no adapter for " + row.method(), e);
    }
  }

  /**
   * The implementation the lambda metafactory binds for {@code caller}: for a method reference to
   * a captured method, the adapter's direct handle of the same type, else {@code implementation}
   * itself. A reference whose handle's type is not the adapter's (one named through a subclass)
   * stays as it is: the metafactory takes direct handles only.
   */
  public static MethodHandle lambdaImplementation(MethodHandles.Lookup caller, MethodHandle implementation) {
    MethodHandleInfo info;
    try {
      info = caller.revealDirect(implementation);
    } catch (RuntimeException notDirect) {
      return implementation; // the metafactory refuses it itself
    }
    int kind = info.getReferenceKind();
    if (!mayBeCaptured(info.getName()) || kind != MethodHandleInfo.REF_invokeStatic
        && kind != MethodHandleInfo.REF_invokeVirtual && kind != MethodHandleInfo.REF_invokeInterface) {
      return implementation;
    }
    Class<?> owner = info.getDeclaringClass();
    boolean isStatic = kind == MethodHandleInfo.REF_invokeStatic;
    MethodType type = info.getMethodType();
    Capture row = reachable(owner, info.getName(), info.getModifiers(), isStatic, type.toMethodDescriptorString());
    MethodType adapterType = isStatic ? type : type.insertParameterTypes(0, owner);
    if (row == null || !adapterType.equals(implementation.type())) {
      return implementation;
    }
    try {
      return MethodHandles.publicLookup().findStatic(adapter(owner), info.getName(), adapterType);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("no adapter for " + row.method(), e);
    }
  }

  /**
   * A serializable lambda's implementation as its serialized form will name it, {@code {kind
   * (Integer), class, name, signature}} in the JVM's internal notation: where it is an adapter's
   * method that {@link #lambdaImplementation} bound, rewritten in place to the JDK method the
   * program referred to (static, or virtual/interface with the receiver no longer a parameter), so
   * the bytes a program serializes, and its {@code $deserializeLambda$}, which compares these
   * names with its own method references', are those of a plain run.
   */
  public static void serializedImplementation(Object[] implementation) {
    String implClass = (String) implementation[1];
    if (!implClass.startsWith(ADAPTER_PREFIX)) {
      return;
    }
    Class<?> owner = adaptedOwner(implClass);
    List<Capture> named = BY_NAME.get((String) implementation[2]);
    if (owner == null || named == null) {
      return;
    }
    String ownerName = owner.getName().replace('.', '/');
    String signature = (String) implementation[3];
    String receiver = "(" + Type.getObjectType(ownerName).getDescriptor();
    for (Capture c : named) {
      if (!c.owner().equals(ownerName)) {
        continue;
      }
      if (c.isStatic() && c.desc().equals(signature)) {
        implementation[1] = ownerName;
        return;
      }
      if (!c.isStatic() && signature.equals(receiver + c.desc().substring(1))) {
        implementation[0] = owner.isInterface() ? MethodHandleInfo.REF_invokeInterface : MethodHandleInfo.REF_invokeVirtual;
        implementation[1] = ownerName;
        implementation[3] = c.desc();
        return;
      }
    }
  }

  /** The JDK class whose adapter has the internal name {@code adapter}, or null. */
  private static synchronized Class<?> adaptedOwner(String adapter) {
    return ADAPTED.get(adapter);
  }

  /**
   * The accessor {@code Method.invoke} calls {@code method} through: for a captured method one
   * that calls the adapter, else {@code accessor} itself.
   */
  public static Object accessor(Object accessor, Method method) {
    Capture row = reachable(method, Type.getMethodDescriptor(method));
    if (row == null) {
      return accessor;
    }
    Class<?> owner = method.getDeclaringClass();
    boolean isStatic = Modifier.isStatic(method.getModifiers());
    Class<?>[] params = method.getParameterTypes();
    Class<?>[] adapterParams = params;
    if (!isStatic) {
      adapterParams = new Class<?>[params.length + 1];
      adapterParams[0] = owner;
      System.arraycopy(params, 0, adapterParams, 1, params.length);
    }
    try {
      Method adapter = adapter(owner).getMethod(method.getName(), adapterParams);
      return accessorMaker().newInstance(adapter, isStatic ? null : owner);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("no adapter for " + row.method(), e);
    }
  }

  /** The row {@code member} is, if a program can call it: public, of a public class, exported. */
  private static Capture reachable(Member member, String desc) {
    return reachable(member.getDeclaringClass(), member.getName(), member.getModifiers(),
        Modifier.isStatic(member.getModifiers()), desc);
  }

  private static Capture reachable(Class<?> owner, String name, int modifiers, boolean isStatic, String desc) {
    List<Capture> rows = BY_NAME.get(name);
    if (rows == null) {
      return null;
    }
    String ownerName = owner.getName().replace('.', '/');
    for (Capture c : rows) {
      if (c.owner().equals(ownerName) && c.desc().equals(desc) && c.isStatic() == isStatic) {
        boolean open = Modifier.isPublic(modifiers) && Modifier.isPublic(owner.getModifiers())
            && owner.getModule().isExported(owner.getPackageName());
        return open ? c : null;
      }
    }
    return null;
  }

  /** The adapter of {@code owner}'s captured methods, made and defined the first time it is asked for. */
  private static synchronized Class<?> adapter(Class<?> owner) throws ReflectiveOperationException {
    Class<?> made = ADAPTERS.get(owner.getName());
    if (made == null) {
      String name = owner.getName().replace('.', '/');
      List<Capture> rows = new ArrayList<>();
      for (List<Capture> named : BY_NAME.values()) {
        for (Capture c : named) {
          if (c.owner().equals(name)) {
            rows.add(c);
          }
        }
      }
      rows.sort(new ByMethod());
      byte[] bytes = adapterBytes(name, owner.isInterface(), rows, new ClassEffects());
      made = MethodHandles.privateLookupIn(Hooks.class, MethodHandles.lookup()).defineClass(bytes);
      ADAPTERS.put(owner.getName(), made);
      ADAPTED.put(adapterName(name), owner);
    }
    return made;
  }

  private static synchronized Constructor<?> accessorMaker() throws ReflectiveOperationException {
    if (accessors == null) {
      Class<?> made = MethodHandles.privateLookupIn(Hooks.class, MethodHandles.lookup()).defineClass(accessorBytes());
      accessors = made.getConstructor(Method.class, Class.class);
    }
    return accessors;
  }

  /** The adapter's internal name for the JDK class {@code owner} (internal name). */
  static String adapterName(String owner) {
    return ADAPTER_PREFIX + owner.replace('/', '_');
  }

  /**
   * The adapter of {@code owner}'s {@code rows}: a public static method per row, named as the JDK
   * method and taking the receiver first, that calls the JDK method; rewritten as an application
   * class's call sites are, each registering its site through {@code effects}.
   */
  static byte[] adapterBytes(String owner, boolean itf, List<Capture> rows, ClassEffects effects) {
    String name = adapterName(owner);
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null,
        "java/lang/Object", null);
    cw.visitSource(SOURCE, null);
    for (Capture c : rows) {
      String desc = c.isStatic() ? c.desc() : "(L" + c.owner() + ";" + c.desc().substring(1);
      boolean[] changed = {false};
      MethodVisitor mv = new CallSiteRewriter(
          cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, c.name(), desc, null, null),
          name, c.name(), SOURCE, true, true, changed, null, effects);
      mv.visitCode();
      int slot = 0;
      for (Type a : Type.getArgumentTypes(desc)) {
        mv.visitVarInsn(a.getOpcode(Opcodes.ILOAD), slot);
        slot += a.getSize();
      }
      int op = c.isStatic() ? Opcodes.INVOKESTATIC : itf ? Opcodes.INVOKEINTERFACE : Opcodes.INVOKEVIRTUAL;
      mv.visitMethodInsn(op, c.owner(), c.name(), c.desc(), itf);
      mv.visitInsn(Type.getReturnType(desc).getOpcode(Opcodes.IRETURN));
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    cw.visitEnd();
    return cw.toByteArray();
  }

  /**
   * A {@code jdk.internal.reflect.MethodAccessor} (JDK 17's one method and 25's two) that calls
   * {@code Hooks.invokeCaptured} with the adapter's method and the receiver's class (null: static).
   */
  static byte[] accessorBytes() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, ACCESSOR, null,
        "java/lang/Object", new String[] {ReflectiveCallInstrumentation.ACCESSOR});
    String method = "Ljava/lang/reflect/Method;";
    String cls = "Ljava/lang/Class;";
    cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL, "adapter", method, null, null).visitEnd();
    cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL, "receiver", cls, null, null).visitEnd();
    MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(" + method + cls + ")V", null, null);
    init.visitCode();
    init.visitVarInsn(Opcodes.ALOAD, 0);
    init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    init.visitVarInsn(Opcodes.ALOAD, 0);
    init.visitVarInsn(Opcodes.ALOAD, 1);
    init.visitFieldInsn(Opcodes.PUTFIELD, ACCESSOR, "adapter", method);
    init.visitVarInsn(Opcodes.ALOAD, 0);
    init.visitVarInsn(Opcodes.ALOAD, 2);
    init.visitFieldInsn(Opcodes.PUTFIELD, ACCESSOR, "receiver", cls);
    init.visitInsn(Opcodes.RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    String object = "Ljava/lang/Object;";
    for (String desc : List.of("(" + object + "[" + object + ")" + object,
        "(" + object + "[" + object + cls + ")" + object)) {
      MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "invoke", desc, null, null);
      mv.visitCode();
      mv.visitVarInsn(Opcodes.ALOAD, 0);
      mv.visitFieldInsn(Opcodes.GETFIELD, ACCESSOR, "adapter", method);
      mv.visitVarInsn(Opcodes.ALOAD, 0);
      mv.visitFieldInsn(Opcodes.GETFIELD, ACCESSOR, "receiver", cls);
      mv.visitVarInsn(Opcodes.ALOAD, 1);
      mv.visitVarInsn(Opcodes.ALOAD, 2);
      HookCalls.call(mv, "invokeCaptured", "(" + method + cls + object + "[" + object + ")" + object);
      mv.visitInsn(Opcodes.ARETURN);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** Rows in a fixed order (name, then descriptor), so an adapter registers its sites alike in every run. */
  private static final class ByMethod implements java.util.Comparator<Capture> {
    @Override
    public int compare(Capture a, Capture b) {
      int byName = a.name().compareTo(b.name());
      return byName != 0 ? byName : a.desc().compareTo(b.desc());
    }
  }

  /**
   * Whether the look-up is a class file's method-handle constant being linked ({@code
   * Lookup.getDirectMethodForConstant} right below {@code getDirectMethodCommon} and its one
   * wrapper): a lambda's implementation, which must stay direct.
   */
  private static final class ConstantLink implements Function<Stream<StackWalker.StackFrame>, Boolean> {
    @Override
    public Boolean apply(Stream<StackWalker.StackFrame> frames) {
      Iterator<StackWalker.StackFrame> it = frames.iterator();
      int below = -1;
      while (it.hasNext()) {
        StackWalker.StackFrame f = it.next();
        if (below < 0) {
          if (f.getMethodName().equals(ReflectiveCallInstrumentation.DIRECT_METHOD)) {
            below = 0;
          }
        } else if (++below > 2) {
          return false;
        } else if (f.getMethodName().equals("getDirectMethodForConstant")) {
          return true;
        }
      }
      return false;
    }
  }
}
