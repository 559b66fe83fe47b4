package ttd.agent.instrument;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.agent.io.NativeIoTable;

/**
 * Rewrites one class file: its type instrumentation (if it is a target type), the call sites
 * every class gets, the thread-entry hook of {@code Thread} subclasses and the main method's hook.
 *
 * <p>Pure: bytes in, bytes out (or null when nothing changed), so it is unit-testable without an
 * agent. Frames are kept as they are, since nothing inserted in a method branches; the one method
 * added with a branch ({@link NativeIoBridges}) writes its own.
 */
public final class ClassFileInstrumenter {

  private final Map<String, List<TypeInstrumentation>> byType = new HashMap<>();
  private final String mainClass;
  private final boolean chaos;
  private final boolean path;

  /** @param mainClass the internal name of the program's main class, or null */
  public ClassFileInstrumenter(String mainClass) {
    this(mainClass, false, false);
  }

  /**
   * @param mainClass the internal name of the program's main class, or null
   * @param chaos whether application classes tick at field accesses too (chaos scheduling)
   * @param path whether application classes log their path for the divergence finder ({@link
   *     PathRewriter})
   */
  public ClassFileInstrumenter(String mainClass, boolean chaos, boolean path) {
    this.mainClass = mainClass;
    this.chaos = chaos;
    this.path = path;
    // built now: building it while the transformer loads a class could need that class itself
    NativeIoTable.entries();
    for (TypeInstrumentation t : CaptureTable.instrumentations()) {
      byType.computeIfAbsent(t.typeName(), k -> new java.util.ArrayList<>()).add(t);
    }
  }

  /** Whether the named class is a target type (and so must be retransformed if already loaded). */
  public boolean isTargetType(String internalName) {
    return byType.containsKey(internalName);
  }

  /**
   * Whether the rewrite of the named class, loading for the first time, may be kept in a {@link
   * ClassPack}: its bytes and {@link ClassEffects} are then all it did. Not for the JDK types the
   * capture table instruments (their rewriters note more), nor the main class, nor classes whose
   * names a JVM makes up per run (hidden classes and lambda forms), which would never be met again.
   */
  boolean packable(String internalName) {
    return !isTargetType(internalName) && !IgnoredTypes.ignored(internalName)
        && !internalName.equals(mainClass)
        && internalName.indexOf("/0x") < 0 && !internalName.contains("$$Lambda");
  }

  /** Whether the named class is left as it is: ignored, and no type instrumentation names it. */
  public boolean ignored(String internalName) {
    return !isTargetType(internalName) && IgnoredTypes.ignored(internalName);
  }

  /** The rewritten class (a JDK class, or one already loaded), or null if it needs no change. */
  public byte[] instrument(String internalName, byte[] bytes) {
    return instrument(internalName, bytes, false, false);
  }

  /**
   * The rewritten class, or null if it needs no change.
   *
   * @param appClass whether an application class loader defines it: its monitors and ticks are
   *     scheduled
   * @param firstLoad whether it is loading now (not retransformed): only then can its
   *     synchronized methods lose their flag
   */
  public byte[] instrument(String internalName, byte[] bytes, boolean appClass, boolean firstLoad) {
    return instrument(internalName, bytes, appClass, firstLoad, ClassFileInstrumenter.class.getClassLoader());
  }

  /**
   * The rewritten class, or null if it needs no change.
   *
   * @param loader the class's defining loader (null: the JDK's), through whose resources the
   *     {@code Thread} subclasses its call sites name are found
   */
  public byte[] instrument(
      String internalName, byte[] bytes, boolean appClass, boolean firstLoad, ClassLoader loader) {
    return instrument(internalName, bytes, appClass, firstLoad, loader, new ClassEffects());
  }

  /** The same, noting in {@code effects} what the rewrite did besides its bytes. */
  byte[] instrument(
      String internalName, byte[] bytes, boolean appClass, boolean firstLoad, ClassLoader loader,
      ClassEffects effects) {
    if (internalName == null) {
      return null;
    }
    List<TypeInstrumentation> types = byType.get(internalName);
    if (types == null && IgnoredTypes.ignored(internalName)) {
      return null;
    }
    ClassReader reader = new ClassReader(bytes);
    boolean isMain = internalName.equals(mainClass);
    boolean scheduled = appClass && (reader.getAccess() & Opcodes.ACC_MODULE) == 0;
    if (types == null
        && !isMain
        && !scheduled
        && !NativeIoTable.rewritesIn(internalName)
        && !QuickScan.mayNeedRewrite(bytes, isThreadLike(reader))) {
      return null;
    }
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    MaxStacks maxStacks = new MaxStacks();
    boolean[] changed = {false};
    boolean clock = IgnoredTypes.clockSites(internalName);
    ThreadMethods threadMethods = ThreadMethods.of(loader, internalName, reader);
    Set<String> calling = scheduled ? CallingMethods.of(reader) : Set.of();
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          private String source;
          private boolean threadLike;
          private int version;
          private NativeIoBridges bridges;

          @Override
          public void visit(int v, int access, String name, String sig, String sup, String[] itf) {
            threadLike = isThreadLike(reader);
            version = v & 0xFFFF;
            // the same for the first load and a retransformation, which must declare the same methods
            bridges = scheduled ? NativeIoBridges.of(name, access, version) : null;
            super.visit(v, access, name, sig, sup, itf);
          }

          @Override
          public void visitEnd() {
            if (bridges != null) {
              bridges.declareIn(cv, version);
            }
            super.visitEnd();
          }

          @Override
          public void visitSource(String file, String debug) {
            source = file;
            super.visitSource(file, debug);
          }

          @Override
          public MethodVisitor visitMethod(
              int access, String name, String desc, String sig, String[] exceptions) {
            boolean unsynchronize =
                scheduled && firstLoad && version >= Opcodes.V1_5
                    && (access & Opcodes.ACC_SYNCHRONIZED) != 0
                    && (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
            int written = unsynchronize ? access & ~Opcodes.ACC_SYNCHRONIZED : access;
            MethodVisitor mv = super.visitMethod(written, name, desc, sig, exceptions);
            boolean[] methodChanged = {false};
            if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
              return mv;
            }
            mv = new EntryLines(mv, access, desc);
            mv = new CallSiteRewriter(
                mv, internalName, name, source, clock, scheduled, methodChanged, threadMethods, effects);
            // every parsed class: RandomAccessFile's public natives may be called from any class
            mv = new NativeIoRewriter(mv, internalName, name, methodChanged, effects, bridges);
            if (types != null) {
              for (TypeInstrumentation t : types) {
                mv = t.instrument(mv, access, name, desc, methodChanged);
              }
            } else if (threadLike && name.equals("run") && desc.equals("()V")
                && (access & Opcodes.ACC_STATIC) == 0) {
              methodChanged[0] = true;
              mv = HookCalls.onEntry(mv, access, name, desc, m -> {
                m.visitVarInsn(Opcodes.ALOAD, 0);
                HookCalls.call(m, "onThreadRun", "(Ljava/lang/Object;)V");
              });
            }
            if (isMain && name.equals("main") && desc.equals("([Ljava/lang/String;)V")
                && (access & Opcodes.ACC_STATIC) != 0) {
              methodChanged[0] = true;
              mv = HookCalls.onEntry(mv, access, name, desc, m -> {
                m.visitVarInsn(Opcodes.ALOAD, 0);
                HookCalls.call(m, "onMainArgs", "([Ljava/lang/String;)V");
              });
            }
            if (scheduled) {
              methodChanged[0] = true;
              boolean calls = calling.contains(name + desc);
              if (path && calls) {
                mv = new PathRewriter(mv, internalName, name, desc, source);
              }
              if (unsynchronize) {
                mv = new SynchronizedMethodRewriter(mv, internalName, access, desc, version >= Opcodes.V1_6);
              }
              mv = new MonitorRewriter(mv, methodChanged);
              mv = new TickRewriter(mv, chaos, calls);
            }
            return maxStacks.watch(mv, name, desc, methodChanged, changed);
          }
        },
        0);
    return changed[0] ? maxStacks.checked(internalName, writer.toByteArray()) : null;
  }

  /**
   * Whether the class might be a {@code Thread} subclass: one that extends anything but Object
   * (its superclass may not be loaded yet, so the hook itself checks at run time).
   */
  private static boolean isThreadLike(ClassReader reader) {
    String sup = reader.getSuperName();
    return sup != null && !sup.equals("java/lang/Object") && (reader.getAccess() & Opcodes.ACC_INTERFACE) == 0;
  }

  /** Whether an already-loaded class has anything to rewrite (used to pick what to retransform). */
  public boolean needsRetransform(String internalName, byte[] bytes) {
    return isTargetType(internalName) || instrument(internalName, bytes) != null;
  }
}
