package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.fixture.Teller;

class EntryLinesTest {

  @Test
  void aRewrittenMethodBeginsAtItsFirstLineWithItsParametersInScope() throws IOException {
    byte[] original = bytes();
    byte[] changed = new ClassFileInstrumenter(null).instrument("ttd/fixture/Teller", original, true, true);
    assertNotNull(changed);
    Map<String, Code> was = code(original);
    Map<String, Code> now = code(changed);
    // an entry tick; a synchronized method's monitor and tick; the same with parameters and a loop
    for (String method : new String[] {"audit", "holdsOwnMonitor", "deposit", "open"}) {
      Code before = was.get(method);
      Code after = now.get(method);
      assertTrue(after.hooks > 0 && before.hooks == 0, method + " was not rewritten");
      assertEquals(0, after.lines.get(0)[0], method + ": the first line does not begin at offset 0");
      assertEquals(before.lines.get(0)[1], after.lines.get(0)[1], method + ": another first line");
      assertEquals(before.lines.size(), after.lines.size(), method + ": line entries added or lost");
      for (Map.Entry<String, Integer> p : before.parameters.entrySet()) {
        assertEquals(0, after.locals.get(p.getKey()), method + ": parameter " + p.getKey() + " begins later");
      }
    }
    assertTrue(now.get("deposit").locals.get("i") > 0, "a local of the loop would be read before it is set");
    assertEquals(4, now.get("deposit").parameters.size(), "this, amount, rate, times");
  }

  /** A method's line entries ({offset, line}), where each local's range begins, its calls of ttd. */
  private static final class Code {
    final List<int[]> lines = new ArrayList<>();
    final Map<String, Integer> locals = new HashMap<>();
    final Map<String, Integer> parameters = new HashMap<>();
    int hooks;
  }

  private static Map<String, Code> code(byte[] bytes) {
    Map<String, Code> out = new HashMap<>();
    // through a writer, which resolves each label's offset as the code passes
    new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9, new ClassWriter(0)) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
        Code c = new Code();
        out.put(name, c);
        int slots = org.objectweb.asm.Type.getArgumentsAndReturnSizes(desc) >> 2;
        int parameterSlots = (access & Opcodes.ACC_STATIC) != 0 ? slots - 1 : slots;
        return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, desc, sig, ex)) {
          @Override
          public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
            super.visitMethodInsn(op, owner, n, d, itf);
            if (owner.startsWith("ttd/runtime/")) {
              c.hooks++;
            }
          }

          @Override
          public void visitLineNumber(int line, Label start) {
            super.visitLineNumber(line, start);
            c.lines.add(new int[] {start.getOffset(), line});
          }

          @Override
          public void visitLocalVariable(String n, String d, String s, Label from, Label to, int index) {
            super.visitLocalVariable(n, d, s, from, to, index);
            c.locals.put(n, from.getOffset());
            if (index < parameterSlots) {
              c.parameters.put(n, from.getOffset());
            }
          }
        };
      }
    }, 0);
    return out;
  }

  private static byte[] bytes() throws IOException {
    try (InputStream in = Teller.class.getResourceAsStream("Teller.class")) {
      return in.readAllBytes();
    }
  }
}
