package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The running JDK's own java.lang.Class, rewritten: every listing of its members is put in order,
 * and the name the JVM gives a class passes through the name hook before Class keeps it.
 */
class ClassInstrumentationTest {

  @Test
  void everyCallOfTheDeclaredMethodsAndConstructorsNativesGoesThroughTheOrderHook() throws IOException {
    byte[] original;
    try (InputStream in = ClassLoader.getSystemResourceAsStream("java/lang/Class.class")) {
      original = in.readAllBytes();
    }
    byte[] rewritten = new ClassFileInstrumenter(null).instrument("java/lang/Class", original);
    assertNotNull(rewritten);
    List<String> calls = MethodCalls.in(rewritten);
    int methods = 0;
    int constructors = 0;
    for (int i = 0; i < calls.size(); i++) {
      String c = calls.get(i);
      if (c.startsWith("java/lang/Class.getDeclaredMethods0(")) {
        methods++;
        assertEquals("ttd/runtime/Hooks.onClassDeclaredMethods([Ljava/lang/reflect/Method;)[Ljava/lang/reflect/Method;",
            calls.get(i + 1));
      } else if (c.startsWith("java/lang/Class.getDeclaredConstructors0(")) {
        constructors++;
        assertEquals("ttd/runtime/Hooks.onClassDeclaredConstructors([Ljava/lang/reflect/Constructor;)"
            + "[Ljava/lang/reflect/Constructor;", calls.get(i + 1));
      }
    }
    assertTrue(methods > 0 && constructors > 0, calls.toString());
  }

  @Test
  void theNameTheJvmGivesPassesThroughTheNameHookInGetName() throws IOException {
    byte[] rewritten = new ClassFileInstrumenter(null).instrument("java/lang/Class", classFile("java/lang/Class"));
    List<String> calls = MethodCalls.in(rewritten);
    int named = 0;
    for (int i = 0; i < calls.size(); i++) {
      if (calls.get(i).startsWith("java/lang/Class.initClassName(")) {
        named++;
        assertEquals("ttd/runtime/Hooks.onClassName(Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/String;", calls.get(i + 1));
      }
    }
    assertEquals(1, named, calls.toString());
  }

  @Test
  void everyClassTheJdkDefinesByLookupOrByNameIsBracketedByTheDefinitionHooks() throws IOException {
    int defined = 0;
    for (String type : new String[] {"java/lang/System$1", "java/lang/System$2"}) {
      byte[] original = classFile(type);
      byte[] rewritten = original == null ? null : new ClassFileInstrumenter(null).instrument(type, original);
      if (rewritten == null) {
        continue;
      }
      List<String> calls = MethodCalls.in(rewritten);
      for (int i = 0; i < calls.size(); i++) {
        if (calls.get(i).startsWith("java/lang/ClassLoader.defineClass0(")
            || calls.get(i).startsWith("java/lang/ClassLoader.defineClass1(")) {
          defined++;
          assertEquals("ttd/runtime/Hooks.onClassDefining(Ljava/lang/ClassLoader;Ljava/lang/String;[B)V",
              calls.get(i - 1), calls.toString());
          assertEquals("ttd/runtime/Hooks.onClassDefined(Ljava/lang/Class;)V", calls.get(i + 1));
        }
      }
    }
    assertEquals(2, defined, "one call each of defineClass0 and defineClass1 in the JDK's JavaLangAccess");
  }

  private static byte[] classFile(String type) throws IOException {
    try (InputStream in = ClassLoader.getSystemResourceAsStream(type + ".class")) {
      return in == null ? null : in.readAllBytes();
    }
  }
}
