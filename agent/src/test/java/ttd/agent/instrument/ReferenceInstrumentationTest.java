package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The running JDK's own {@code java.lang.ref.Reference}, rewritten: its constructor hands every
 * new reference to a hook once, and adds no other call.
 */
class ReferenceInstrumentationTest {

  private static final String HOOK =
      "ttd/runtime/Hooks.onWeakReferenceCreated(Ljava/lang/ref/Reference;Ljava/lang/Object;)V";

  @Test
  void theConstructorHandsEachNewReferenceToTheHookOnce() throws IOException {
    byte[] original;
    try (InputStream in = ClassLoader.getSystemResourceAsStream("java/lang/ref/Reference.class")) {
      original = in.readAllBytes();
    }
    List<String> before = MethodCalls.in(original);
    List<String> after =
        MethodCalls.in(new ClassFileInstrumenter(null).instrument("java/lang/ref/Reference", original));

    assertEquals(1, after.stream().filter(HOOK::equals).count(), after.toString());
    assertEquals(before.size() + 1, after.size(), after.toString());
  }
}
