package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicVerifier;

/**
 * The running JDK's {@code LambdaFormEditor} and {@code LambdaForm}, rewritten: each method that
 * makes or compiles a form begins with the making hook and passes the made hook on every way out,
 * its last exception handler included, and still verifies.
 */
class LambdaFormInstrumentationTest {

  private static final String MAKING = "ttd/runtime/Hooks.onLambdaFormMaking()V";
  private static final String MADE = "ttd/runtime/Hooks.onLambdaFormMade()V";

  @Test
  void everyFormTheEditorMakesIsBracketedOnEveryWayOut() throws Exception {
    assertBracketed(LambdaFormInstrumentation.EDITOR, LambdaFormInstrumentation.EDITOR_METHODS);
  }

  @Test
  void aFormsCompilationIsBracketedOnEveryWayOut() throws Exception {
    assertBracketed(LambdaFormInstrumentation.FORM, LambdaFormInstrumentation.FORM_METHODS);
  }

  private static void assertBracketed(String type, List<String[]> methods) throws IOException, AnalyzerException {
    byte[] rewritten = new ClassFileInstrumenter(null).instrument(type, classFile(type));
    assertNotNull(rewritten);
    ClassNode node = new ClassNode();
    new ClassReader(rewritten).accept(node, 0);
    int bracketed = 0;
    for (MethodNode m : node.methods) {
      if (!listed(methods, m)) {
        assertEquals(0, calls(m, MAKING) + calls(m, MADE), m.name + m.desc);
        continue;
      }
      bracketed++;
      List<String> calls = callsIn(m);
      assertEquals(MAKING, calls.get(0), m.name + m.desc);
      assertEquals(1, calls(m, MAKING), m.name + m.desc);
      assertEquals(returns(m) + 1, calls(m, MADE), m.name + m.desc);
      TryCatchBlockNode last = m.tryCatchBlocks.get(m.tryCatchBlocks.size() - 1);
      assertEquals(null, last.type, m.name + m.desc);
      new Analyzer<>(new BasicVerifier()).analyze(type, m);
    }
    assertEquals(methods.size(), bracketed);
  }

  private static boolean listed(List<String[]> methods, MethodNode m) {
    for (String[] listed : methods) {
      if (listed[0].equals(m.name) && listed[1].equals(m.desc)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> callsIn(MethodNode m) {
    List<String> calls = new ArrayList<>();
    for (AbstractInsnNode insn : m.instructions) {
      if (insn instanceof MethodInsnNode call) {
        calls.add(call.owner + "." + call.name + call.desc);
      }
    }
    return calls;
  }

  private static long calls(MethodNode m, String call) {
    return callsIn(m).stream().filter(call::equals).count();
  }

  private static int returns(MethodNode m) {
    int n = 0;
    for (AbstractInsnNode insn : m.instructions) {
      if (insn.getOpcode() >= Opcodes.IRETURN && insn.getOpcode() <= Opcodes.RETURN) {
        n++;
      }
    }
    return n;
  }

  private static byte[] classFile(String type) throws IOException {
    try (InputStream in = ClassLoader.getSystemResourceAsStream(type + ".class")) {
      return in.readAllBytes();
    }
  }
}
