package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * A JDK class the JVM hands back for retransformation has no stack map frames, and ASM then
 * computes some rewritten methods' stack sizes short: JDK 17's {@code ConditionObject
 * .awaitUninterruptibly} came out 6 where it needs 8, and the JVM died computing an oop map for a
 * thread in it. Every rewritten method of the JDK's concurrency classes, given without frames,
 * declares at least the stack a data-flow analysis of its code finds.
 */
class MaxStacksTest {

  @Test
  void everyRewrittenMethodOfAFramelessJdkClassDeclaresStackEnoughForItsCode() throws IOException {
    ClassFileInstrumenter instrumenter = new ClassFileInstrumenter(null);
    List<String> short_ = new ArrayList<>();
    int rewritten = 0;
    int methods = 0;
    for (String name : concurrencyClasses()) {
      byte[] frameless = withoutFrames(classFile(name));
      byte[] out = instrumenter.instrument(name, frameless, false, false, null);
      if (out == null) {
        continue;
      }
      rewritten++;
      ClassNode node = new ClassNode();
      new ClassReader(out).accept(node, 0);
      for (MethodNode m : node.methods) {
        if (m.instructions.size() == 0) {
          continue;
        }
        methods++;
        int declared = m.maxStack;
        int needed = MaxStacks.analysed(name, m, declared + 64);
        if (needed > declared) {
          short_.add(name + "." + m.name + m.desc + " declares " + declared + ", needs " + needed);
        }
      }
    }
    assertTrue(rewritten >= 5 && methods > 100, rewritten + " classes, " + methods + " methods rewritten");
    assertEquals(List.of(), short_);
  }

  /** On JDK 17 ASM said 6 for this method without frames. */
  @Test
  void theMethodAsmComputedShortGetsTheStackItNeeds() throws IOException {
    String name = "java/util/concurrent/locks/AbstractQueuedSynchronizer$ConditionObject";
    byte[] out = new ClassFileInstrumenter(null).instrument(name, withoutFrames(classFile(name)), false, false, null);
    ClassNode node = new ClassNode();
    new ClassReader(out).accept(node, 0);
    MethodNode await = node.methods.stream().filter(m -> m.name.equals("awaitUninterruptibly")).findFirst().orElseThrow();
    assertEquals(MaxStacks.analysed(name, await, 100), await.maxStack);
    if (Runtime.version().feature() == 17) {
      assertEquals(8, await.maxStack, "acquire(node, savedState, false, false, false, 0L) needs 8");
    }
  }

  /** The class as retransformation gives it: its code and maximums, no stack map frames. */
  private static byte[] withoutFrames(byte[] classFile) {
    ClassWriter writer = new ClassWriter(0);
    new ClassReader(classFile).accept(writer, ClassReader.SKIP_FRAMES);
    return writer.toByteArray();
  }

  private static byte[] classFile(String internalName) throws IOException {
    return ClassLoader.getSystemResourceAsStream(internalName + ".class").readAllBytes();
  }

  private static List<String> concurrencyClasses() throws IOException {
    FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    Path root = jrt.getPath("/modules/java.base");
    try (Stream<Path> files = Files.walk(root.resolve("java/util/concurrent"))) {
      return files.map(p -> root.relativize(p).toString())
          .filter(p -> p.endsWith(".class"))
          .map(p -> p.substring(0, p.length() - ".class".length()))
          .sorted()
          .toList();
    }
  }
}
