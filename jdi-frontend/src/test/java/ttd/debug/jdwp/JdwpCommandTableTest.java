package ttd.debug.jdwp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The one command table: unique rows, read-only history, the vendor set. */
class JdwpCommandTableTest {

  private static List<JdwpCommandTable.Command> table() {
    return JdwpCommandTable.commands(new VmCommands(null), new TypeCommands(null), new ObjectCommands(null),
        new ThreadCommands(null), new EventRequestCommands(null), new VendorCommands(null));
  }

  @Test
  void eachCommandHasOneRowAndOneName() {
    Set<Integer> keys = new HashSet<>();
    Set<String> names = new HashSet<>();
    for (JdwpCommandTable.Command c : table()) {
      assertTrue(keys.add(c.key()), "one row for " + c.name());
      assertTrue(names.add(c.name()), c.name());
    }
  }

  @Test
  void everyCommandThatWouldChangeHistoryIsRefusedWithASentence() {
    Set<String> mustRefuse = Set.of("VirtualMachine.Exit", "VirtualMachine.RedefineClasses", "ClassType.SetValues",
        "ObjectReference.SetValues", "ArrayReference.SetValues", "StackFrame.SetValues", "ThreadReference.Stop",
        "ThreadReference.Interrupt", "ThreadReference.ForceEarlyReturn");
    Set<String> refused = table().stream().filter(c -> c.kind() == JdwpCommandTable.Kind.REFUSED)
        .map(JdwpCommandTable.Command::name).collect(Collectors.toSet());
    assertTrue(refused.containsAll(mustRefuse), "refused: " + refused);
    for (JdwpCommandTable.Command c : table()) {
      if (c.kind() == JdwpCommandTable.Kind.REFUSED) {
        JdwpError e = assertThrows(JdwpError.class, () -> c.handler().handle(null));
        assertEquals(JdwpError.NOT_IMPLEMENTED, e.code);
        assertTrue(e.sentence.startsWith("ttd: the debugger asked for " + c.name() + " ("), e.sentence);
      }
    }
  }

  @Test
  void theVendorSetIsInTheRangeJdwpReservesAndClearOfKnownOnes() {
    assertTrue(JdwpCommandTable.VENDOR >= 128 && JdwpCommandTable.VENDOR <= 255);
    assertFalse(JdwpCommandTable.VENDOR == 128 || JdwpCommandTable.VENDOR == 0xC7, "Eclipse's and Android's sets");
    long vendor = table().stream().filter(c -> c.set() == JdwpCommandTable.VENDOR).count();
    assertEquals(12, vendor, "docs/jdwp.md lists twelve vendor commands");
    assertTrue(table().stream().filter(c -> c.set() == JdwpCommandTable.VENDOR).allMatch(c -> c.name().startsWith("ttd.")));
  }

  @Test
  void popFramesAndResumeMoveTheSharedPosition() {
    for (String name : List.of("StackFrame.PopFrames", "VirtualMachine.Resume", "ThreadReference.Resume", "EventRequest.Set")) {
      assertEquals(JdwpCommandTable.Kind.CONTROL, table().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().kind(), name);
    }
  }
}
