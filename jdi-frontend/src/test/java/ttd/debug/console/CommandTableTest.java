package ttd.debug.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class CommandTableTest {

  @Test
  void noNameIsGivenToTwoCommands() {
    Set<String> seen = new HashSet<>();
    for (CommandTable.Command c : CommandTable.all()) {
      for (String n : c.names()) {
        assertTrue(seen.add(n), n + " names two commands");
      }
    }
  }

  @Test
  void everyCommandThatRunsIsInTheHelpAndEveryRefusedOneIsNot() {
    for (CommandTable.Command c : CommandTable.all()) {
      String name = c.names().get(0);
      boolean shown = Pattern.compile("(^|[\\s|(])" + Pattern.quote(name) + "([\\s|)]|$)", Pattern.MULTILINE).matcher(Help.TEXT).find();
      if (c.handler() == CommandTable.REFUSE) {
        assertFalse(Help.commands().contains(name), name + " is offered though refused");
      } else {
        assertTrue(shown, name + " is missing from help:\n" + Help.TEXT);
        assertTrue(Help.commands().containsAll(c.names()), name + "'s names are not all offered");
      }
    }
  }

  @Test
  void aLineMovesThePositionAsItsCommandDoes() {
    assertEquals(CommandTable.Moves.FORWARD, CommandTable.moves("c"));
    assertEquals(CommandTable.Moves.FORWARD, CommandTable.moves("  goto 12.3 "));
    assertEquals(CommandTable.Moves.REPLAY, CommandTable.moves("rs"));
    assertEquals(CommandTable.Moves.REPLAY, CommandTable.moves("restart 2"));
    assertEquals(CommandTable.Moves.NONE, CommandTable.moves("print total"));
    assertEquals(CommandTable.Moves.NONE, CommandTable.moves("no-such-command"));
  }
}
