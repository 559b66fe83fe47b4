package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The running JDK's own classes that open native libraries, rewritten: each tells the hook once
 * before it opens one, and gains no other call. (The foreign-function API's is JDK 22+'s; on JDK
 * 17 only the JNI one is there.)
 */
class NativeCodeInstrumentationTest {

  private static final String LIBRARY_HOOK =
      "ttd/runtime/Hooks.onNativeLibraryOpen(Ljava/lang/String;ZLjava/lang/Class;)V";

  @Test
  void everyLibraryTheJdkOpensGoesPastTheHookFirst() throws IOException {
    assertHookedOnce("jdk/internal/loader/NativeLibraries$NativeLibraryImpl", LIBRARY_HOOK, true);
  }

  @Test
  void libraryLookupsOfTheForeignFunctionApiGoPastTheHookFirst() throws IOException {
    boolean ffm = Runtime.version().feature() >= 22;
    assertHookedOnce("jdk/internal/loader/RawNativeLibraries$RawNativeLibraryImpl", LIBRARY_HOOK, ffm);
  }

  private static void assertHookedOnce(String type, String hook, boolean present) throws IOException {
    byte[] original;
    try (InputStream in = ClassLoader.getSystemResourceAsStream(type + ".class")) {
      if (!present) {
        assertNull(in, type + " is new in JDK 22: a JDK 17 that has it needs its own case");
        return;
      }
      assertNotNull(in, type + " is in this JDK");
      original = in.readAllBytes();
    }
    List<String> before = MethodCalls.in(original);
    List<String> after = MethodCalls.in(new ClassFileInstrumenter(null).instrument(type, original));
    assertEquals(1, after.stream().filter(hook::equals).count(), after.toString());
    assertEquals(before.size() + 1, after.size(), after.toString());
  }
}
