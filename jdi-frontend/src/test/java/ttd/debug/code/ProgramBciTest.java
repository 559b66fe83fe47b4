package ttd.debug.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgramBciTest {

  /** A tick inserted before the back-edge, a hook after a clock read, a sleep replaced by a hook. */
  @Test
  void insertedInstructionsMapToTheProgramInstructionTheyPrecedeAndSubstitutesToTheOneTheyReplace() {
    List<Instructions.Insn> was = List.of(
        new Instructions.Insn(0, "iconst"), new Instructions.Insn(1, "invoke nanoTime"), new Instructions.Insn(4, "lstore"),
        new Instructions.Insn(5, "invoke sleep"), new Instructions.Insn(8, "goto"));
    List<Instructions.Insn> now = List.of(
        new Instructions.Insn(0, "184 class ttd/runtime/ScheduleHooks.onTick()V"), new Instructions.Insn(3, "iconst"),
        new Instructions.Insn(4, "invoke nanoTime"), new Instructions.Insn(7, "push 12"), new Instructions.Insn(9, "184 class ttd/runtime/Hooks.onClock(JI)J"),
        new Instructions.Insn(12, "lstore"), new Instructions.Insn(13, "184 class ttd/runtime/ScheduleHooks.onThreadSleep(J)V"),
        new Instructions.Insn(16, "184 class ttd/runtime/ScheduleHooks.onTick()V"), new Instructions.Insn(19, "goto"));
    int[] map = ProgramBci.diffed(was, now, 22);
    assertEquals(0, map[0], "the entry tick: before the first instruction");
    assertEquals(0, map[3]);
    assertEquals(1, map[4]);
    assertEquals(4, map[7], "the hook after the clock read precedes the store");
    assertEquals(4, map[12]);
    assertEquals(5, map[13], "the sleep's substitute is the sleep");
    assertEquals(8, map[16], "the back-edge tick precedes the jump");
    assertEquals(8, map[19]);

    int[] rough = ProgramBci.withoutHooks(now, 22);
    assertEquals(0, rough[3]);
    assertEquals(4, rough[12], "without the class file, the hook and its site constant are taken out");
    assertEquals(5, rough[13], "a substitute keeps its place");
    assertEquals(8, rough[19]);
  }

  /** The same rewrite: entry tick 0-2, iconst 3, nanoTime 4, hook 7-11, lstore 12, sleep's hook 13, tick 16, goto 19. */
  @Test
  void aProgramOffsetGoesBackToTheProgramsInstructionAfterWhatTheAgentInsertedBeforeIt() {
    int[] map = java.util.Arrays.copyOf(ProgramBci.diffed(List.of(
        new Instructions.Insn(0, "iconst"), new Instructions.Insn(1, "invoke nanoTime"), new Instructions.Insn(4, "lstore"),
        new Instructions.Insn(5, "invoke sleep"), new Instructions.Insn(8, "goto")), List.of(
        new Instructions.Insn(0, "184 class ttd/runtime/ScheduleHooks.onTick()V"), new Instructions.Insn(3, "iconst"),
        new Instructions.Insn(4, "invoke nanoTime"), new Instructions.Insn(7, "push 12"), new Instructions.Insn(9, "184 class ttd/runtime/Hooks.onClock(JI)J"),
        new Instructions.Insn(12, "lstore"), new Instructions.Insn(13, "184 class ttd/runtime/ScheduleHooks.onThreadSleep(J)V"),
        new Instructions.Insn(16, "184 class ttd/runtime/ScheduleHooks.onTick()V"), new Instructions.Insn(19, "goto")), 22), 23);
    map[22] = 11;
    assertEquals(3, ProgramBci.replayOffset(map, 0), "past the entry tick: a loop back to the start passes there too");
    assertEquals(4, ProgramBci.replayOffset(map, 1));
    assertEquals(12, ProgramBci.replayOffset(map, 4), "past the clock hook");
    assertEquals(13, ProgramBci.replayOffset(map, 5));
    assertEquals(19, ProgramBci.replayOffset(map, 8), "the jump itself, after the back-edge tick");
    assertEquals(-1, ProgramBci.replayOffset(map, 2), "no instruction starts there");
    for (int bci : new int[] {0, 1, 4, 5, 8}) {
      assertEquals(bci, ProgramBci.programOffset(map, ProgramBci.replayOffset(map, bci)));
    }
    assertEquals(1, ProgramBci.programOffset(map, 5), "inside an instruction: the instruction's offset");
    assertEquals(11, ProgramBci.programOffset(map, 22), "the code's end is the program code's end");
  }

  @Test
  void aCompiledMethodReadsAsInstructionsThatCoverItsCode() throws IOException {
    byte[] bytes;
    try (InputStream in = ProgramBciTest.class.getResourceAsStream("ProgramBciTest.class")) {
      bytes = in.readAllBytes();
    }
    ClassFile c = new ClassFile(bytes);
    byte[] code = c.code("aCompiledMethodReadsAsInstructionsThatCoverItsCode", "()V");
    List<Instructions.Insn> insns = Instructions.of(code, c.pool());
    assertEquals(0, insns.get(0).offset());
    assertTrue(insns.size() > 10);
    assertTrue(insns.stream().anyMatch(i -> i.key().contains("class java/io/InputStream.readAllBytes()[B")), insns.toString());
    int[] same = ProgramBci.diffed(insns, insns, code.length);
    for (Instructions.Insn i : insns) {
      assertEquals(i.offset(), same[i.offset()]);
    }
  }
}
