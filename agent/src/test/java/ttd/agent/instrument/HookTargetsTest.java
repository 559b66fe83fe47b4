package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;

/**
 * Every call the instrumentations put into a JDK class names a hook that exists: a public static
 * method of that name and descriptor on the bootstrap class it names. A hook moved to another
 * class (or renamed) with a call site left behind fails here instead of as a {@code
 * NoSuchMethodError} in the recorded program.
 */
class HookTargetsTest {

  @Test
  void everyHookCallInTheInstrumentedJdkClassesResolves() throws Exception {
    Set<String> calls = new TreeSet<>();
    int instrumented = 0;
    for (TypeInstrumentation t : CaptureTable.instrumentations()) {
      byte[] original = classFile(t.typeName());
      if (original == null) {
        continue; // not in this JDK
      }
      byte[] rewritten = new ClassFileInstrumenter(null).instrument(t.typeName(), original);
      if (rewritten != null) {
        instrumented++;
        calls.addAll(hookCalls(rewritten));
      }
    }
    assertTrue(instrumented > 20, "instrumented " + instrumented + " JDK classes");
    assertTrue(calls.stream().anyMatch(c -> c.startsWith("ttd/runtime/FileHooks.")), calls.toString());
    Set<String> missing = new TreeSet<>();
    for (String call : calls) {
      if (!resolves(call)) {
        missing.add(call);
      }
    }
    assertEquals(Set.of(), missing);
  }

  private static boolean resolves(String call) throws ClassNotFoundException {
    String owner = call.substring(0, call.indexOf('.')).replace('/', '.');
    String name = call.substring(call.indexOf('.') + 1, call.indexOf('('));
    String desc = call.substring(call.indexOf('('));
    for (Method m : Class.forName(owner).getMethods()) {
      if (m.getName().equals(name)
          && Type.getMethodDescriptor(m).equals(desc)
          && Modifier.isStatic(m.getModifiers())) {
        return true;
      }
    }
    return false;
  }

  private static byte[] classFile(String internalName) throws IOException {
    try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
      return in == null ? null : in.readAllBytes();
    }
  }

  private static Set<String> hookCalls(byte[] classFile) {
    Set<String> calls = new TreeSet<>();
    for (String c : MethodCalls.in(classFile)) {
      if (c.startsWith("ttd/runtime/")) {
        calls.add(c);
      }
    }
    return calls;
  }
}
