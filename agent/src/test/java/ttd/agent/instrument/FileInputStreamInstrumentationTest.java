package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The running JDK's own FileInputStream, rewritten: no caller of its natives is left out. */
class FileInputStreamInstrumentationTest {

  private static final Set<String> NATIVES =
      Set.of("open0", "read0", "readBytes", "length0", "position0", "skip0", "available0", "isRegularFile0");

  @Test
  void everyCallOfAFileInputStreamNativeGoesThroughAHook() throws IOException {
    byte[] original;
    try (InputStream in = ClassLoader.getSystemResourceAsStream("java/io/FileInputStream.class")) {
      original = in.readAllBytes();
    }
    byte[] rewritten = new ClassFileInstrumenter(null).instrument("java/io/FileInputStream", original);
    assertNotNull(rewritten);

    List<String> before = MethodCalls.in(original);
    List<String> after = MethodCalls.in(rewritten);
    assertTrue(before.stream().anyMatch(c -> c.startsWith("java/io/FileInputStream.readBytes")), before.toString());
    assertEquals(List.of(), nativesCalled(after), "native calls left in place");
    Set<String> hooks = new TreeSet<>();
    for (String c : after) {
      if (c.startsWith("ttd/runtime/FileHooks.onFileInput")) {
        hooks.add(c.substring("ttd/runtime/FileHooks.".length(), c.indexOf('(')));
      }
    }
    assertTrue(hooks.containsAll(Set.of("onFileInputOpen", "onFileInputRead", "onFileInputSkip", "onFileInputAvailable")), hooks.toString());
    assertEquals(nativesCalled(before).size(), after.stream().filter(c -> c.startsWith("ttd/runtime/FileHooks.onFileInput")).count());
  }

  @Test
  void everyCallOfAFileOutputStreamNativeGoesThroughAHook() throws IOException {
    byte[] original;
    try (InputStream in = ClassLoader.getSystemResourceAsStream("java/io/FileOutputStream.class")) {
      original = in.readAllBytes();
    }
    List<String> after =
        MethodCalls.in(new ClassFileInstrumenter(null).instrument("java/io/FileOutputStream", original));
    List<String> left = new ArrayList<>();
    for (String c : after) {
      if (c.startsWith("java/io/FileOutputStream.writeBytes(") || c.startsWith("java/io/FileOutputStream.write(IZ)")
          || c.startsWith("java/io/FileOutputStream.open0(")) {
        left.add(c);
      }
    }
    assertEquals(List.of(), left, "native calls left in place");
    assertTrue(after.stream().anyMatch(c -> c.startsWith("ttd/runtime/FileHooks.onFileOutputWrite(Ljava/io/FileOutputStream;[BIIZ)V")), after.toString());
    assertTrue(after.stream().anyMatch(c -> c.startsWith("ttd/runtime/FileHooks.onFileOutputOpen(")), after.toString());
  }

  private static List<String> nativesCalled(List<String> calls) {
    List<String> found = new ArrayList<>();
    for (String c : calls) {
      for (String n : NATIVES) {
        if (c.startsWith("java/io/FileInputStream." + n + "(")) {
          found.add(c);
        }
      }
    }
    return found;
  }
}
