package ttd.agent.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Whether a call site names {@code java.lang.Thread}'s own method through a subclass: {@code
 * worker.join()} on a {@code Worker extends Thread} compiles to {@code invokevirtual Worker.join},
 * and a bare {@code sleep(5)} inside it to {@code invokestatic Worker.sleep}.
 *
 * <p>The hierarchy is read from class files through the calling class's loader (its resources, as
 * Byte Buddy's class file locator does), never by loading a class: the transformer runs while a
 * class is being defined, and loading another one from here could load it in the wrong order or
 * loader. A class on the way up that declares the method itself (a static {@code sleep} hiding
 * Thread's) ends the search: that call is not Thread's. Results are kept per loader, compared by
 * identity (asking a loader for its hash code would give it an identity hash).
 */
final class ThreadMethods {

  private static final String THREAD = "java/lang/Thread";
  private static final List<Entry> LOADERS = new ArrayList<>();
  private static final Map<String, Declared> BOOT = new ConcurrentHashMap<>();

  private final ClassLoader loader;
  private final Map<String, Declared> known;
  /** The class being defined, which its loader may not be able to find as a resource. */
  private final String defining;
  private final ClassReader definingReader;

  private ThreadMethods(
      ClassLoader loader, Map<String, Declared> known, String defining, ClassReader definingReader) {
    this.loader = loader;
    this.known = known;
    this.defining = defining;
    this.definingReader = definingReader;
  }

  /** The resolver for call sites in {@code defining} (read by {@code reader}) of {@code loader}. */
  static ThreadMethods of(ClassLoader loader, String defining, ClassReader reader) {
    return new ThreadMethods(loader, knownFor(loader), defining, reader);
  }

  private static Map<String, Declared> knownFor(ClassLoader loader) {
    if (loader == null) {
      return BOOT;
    }
    synchronized (LOADERS) {
      LOADERS.removeIf(e -> e.loader.get() == null);
      for (Entry e : LOADERS) {
        if (e.loader.get() == loader) {
          return e.known;
        }
      }
      Entry e = new Entry(loader);
      LOADERS.add(e);
      return e.known;
    }
  }

  /** Whether {@code owner.name desc} resolves to {@code java.lang.Thread}'s own method. */
  boolean resolvesToThread(String owner, String name, String desc) {
    String method = name + desc;
    String c = owner;
    for (int depth = 0; depth < 64 && c != null; depth++) {
      if (c.equals(THREAD)) {
        return true;
      }
      if (c.equals("java/lang/Object") || c.startsWith("[")) {
        return false;
      }
      Declared d = declared(c);
      if (d == null || d.methods.contains(method)) {
        return false;
      }
      c = d.superName;
    }
    return false;
  }

  private Declared declared(String internalName) {
    if (internalName.equals(defining)) {
      return Declared.of(definingReader);
    }
    Declared d = known.get(internalName);
    if (d == null) {
      d = read(internalName);
      if (d != null) {
        known.put(internalName, d);
      }
    }
    return d;
  }

  private Declared read(String internalName) {
    String resource = internalName + ".class";
    try (InputStream in =
        loader == null ? ClassLoader.getSystemResourceAsStream(resource) : loader.getResourceAsStream(resource)) {
      return in == null ? null : Declared.of(new ClassReader(in.readAllBytes()));
    } catch (IOException | RuntimeException e) {
      return null; // cannot tell: the call site stays as it is
    }
  }

  /** A class's superclass and the methods it declares (name + descriptor). */
  private static final class Declared {
    final String superName;
    final Set<String> methods;

    private Declared(String superName, Set<String> methods) {
      this.superName = superName;
      this.methods = methods;
    }

    static Declared of(ClassReader reader) {
      Set<String> methods = ConcurrentHashMap.newKeySet();
      reader.accept(new ClassVisitor(Opcodes.ASM9) {
        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
          methods.add(name + desc);
          return null;
        }
      }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
      return new Declared(reader.getSuperName(), methods);
    }
  }

  private static final class Entry {
    final WeakReference<ClassLoader> loader;
    final Map<String, Declared> known = new ConcurrentHashMap<>();

    Entry(ClassLoader loader) {
      this.loader = new WeakReference<>(loader);
    }
  }
}
