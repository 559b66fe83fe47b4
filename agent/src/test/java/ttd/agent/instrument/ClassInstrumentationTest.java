package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The running JDK's own java.lang.Class, rewritten: every listing of its members is put in order. */
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
}
