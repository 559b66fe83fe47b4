package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ttd.agent.io.RealNativeIoCalls;
import ttd.fixture.Journal;
import ttd.runtime.NativeIoHooks;
import ttd.runtime.NativeIoOp;
import ttd.runtime.RealNativeIo;

/**
 * A program's call that reaches {@code RandomAccessFile.getFilePointer()} through its own types
 * goes through a bridge the class gains: the hook stands in exactly where the JDK's native would
 * run (an interface's implementation that inherits it, a {@code super} call naming a subclass),
 * and the program's own code runs where it overrides or implements the method.
 */
class NativeIoBridgesTest {

  @TempDir Path dir;
  private final List<Integer> hooked = new ArrayList<>();

  @AfterEach
  void uninstall() {
    NativeIoHooks.installReal(null);
  }

  @Test
  void theHookStandsInWhereTheNativeRunsAndTheProgramsCodeRunsElsewhere() throws Exception {
    ClassLoader loader = new Rewritten(Journal.class, Journal.CountingLog.class);
    Class<?> journal = loader.loadClass(Journal.class.getName());
    Method throughTheInterface = journal.getMethod("throughTheInterface", Journal.Log.class);
    Method onTheSubclass = journal.getMethod("onTheSubclass", Journal.FileLog.class);
    NativeIoHooks.installReal(noting(new RealNativeIoCalls()));
    Path data = Files.writeString(dir.resolve("log"), "0123456789");

    try (Journal.FileLog file = new Journal.FileLog(data.toString())) {
      file.seek(3);
      assertEquals(3L, throughTheInterface.invoke(null, file));
      assertEquals(3L, onTheSubclass.invoke(null, file));
      assertEquals(List.of(NativeIoOp.RAF_POSITION, NativeIoOp.RAF_POSITION), hooked);
    }
    hooked.clear();
    assertEquals(40L, throughTheInterface.invoke(null, new Journal.MemoryLog()));
    assertEquals(List.of(), hooked, "the program's own method");

    Class<?> counting = loader.loadClass(Journal.CountingLog.class.getName());
    Object log = counting.getConstructor(String.class).newInstance(data.toString());
    try (AutoCloseable closing = (AutoCloseable) log) {
      ((java.io.RandomAccessFile) log).seek(7);
      assertEquals(7L, throughTheInterface.invoke(null, log), "the override, then the native by super");
      assertEquals(1, counting.getField("asked").getInt(log), "the override ran once, not again for its super call");
      assertEquals(List.of(NativeIoOp.RAF_POSITION), hooked, "its super call");
    }
  }

  @Test
  void bridgesAreSyntheticStaticMethodsNamedAsTtds() throws Exception {
    Class<?> journal = new Rewritten(Journal.class).loadClass(Journal.class.getName());
    List<String> bridges = new ArrayList<>();
    for (Method m : journal.getDeclaredMethods()) {
      if (HookedMethods.isBridge(m.getName())) {
        assertTrue(m.isSynthetic() && Modifier.isStatic(m.getModifiers()) && Modifier.isPrivate(m.getModifiers()),
            m.toString());
        bridges.add(m.getName());
      }
    }
    assertEquals(2, bridges.size(), "one per shape of call: the interface's and the subclass's " + bridges);
  }

  @Test
  void withoutTheAgentsRealCallsEveryCallRunsAsWritten() throws Exception {
    Class<?> journal = new Rewritten(Journal.class).loadClass(Journal.class.getName());
    Path data = Files.writeString(dir.resolve("log"), "0123456789");
    try (Journal.FileLog file = new Journal.FileLog(data.toString())) {
      file.seek(5);
      assertEquals(5L, journal.getMethod("throughTheInterface", Journal.Log.class).invoke(null, file));
    }
  }

  private RealNativeIo noting(RealNativeIoCalls real) {
    return new RealNativeIo() {
      @Override
      public Object call(int number, Object[] args) throws Exception {
        hooked.add(number);
        return real.call(number, args);
      }

      @Override
      public boolean resolvesToJdkMethod(int number, Class<?> type) {
        return real.resolvesToJdkMethod(number, type);
      }
    };
  }

  /** Defines the named classes rewritten as a program's (the rest from the test's loader). */
  private static final class Rewritten extends ClassLoader {
    private final List<String> names = new ArrayList<>();

    Rewritten(Class<?>... rewritten) {
      super(NativeIoBridgesTest.class.getClassLoader());
      for (Class<?> c : rewritten) {
        names.add(c.getName());
      }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!names.contains(name)) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          byte[] changed = rewrite(name);
          c = defineClass(name, changed, 0, changed.length);
        }
        return c;
      }
    }

    private byte[] rewrite(String name) throws ClassNotFoundException {
      String internal = name.replace('.', '/');
      try (InputStream in = getParent().getResourceAsStream(internal + ".class")) {
        byte[] changed = new ClassFileInstrumenter(null).instrument(internal, in.readAllBytes(), true, true, this);
        assertNotNull(changed, name);
        return changed;
      } catch (IOException e) {
        throw new ClassNotFoundException(name, e);
      }
    }
  }
}
