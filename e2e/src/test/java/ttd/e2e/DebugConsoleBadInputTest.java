package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad input to {@code ttd debug} gets one clear line and the console goes on: unknown
 * commands, malformed locations, classes, fields and expressions that do not exist, {@code this} where
 * there is none, lines past the end of the source, going back
 * past the start or forward past the end, and the commands a read-only replay refuses.
 */
class DebugConsoleBadInputTest {

  private static final String ORDER = "ttd.samples.corruption.OrderPipeline";

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  /** Marks an expected line given as a regular expression. */
  private static final String REGEX = "regex:";

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void eachBadInputGetsOneLineAndTheConsoleGoesOn(Jvm jvm) {
    String[][] script = {
      {"foo", "Unrecognized command: 'foo'. Try help..."},
      {"cont", "the program has not started yet; `run` starts it"},
      {"stop at Nope", "malformed location 'Nope': stop at takes Class:line, e.g. stop at shop.Cart:42"},
      {"stop in Nope", "malformed method 'Nope': stop in takes Class.method or Class.method(types), e.g. stop in shop.Cart.add"
          + " or stop in shop.Cart.add(java.lang.String,int)"},
      {"stop in shop.Cart.add(int count)", "malformed method 'shop.Cart.add(int count)': stop in takes Class.method or"
          + " Class.method(types), e.g. stop in shop.Cart.add or stop in shop.Cart.add(java.lang.String,int)"},
      {"watch nothing", "malformed watch 'nothing': use watch [access|all] Class.field or watch expr.field"},
      {"catch sometimes X", "malformed catch 'sometimes X': use catch [uncaught|caught|all] ExceptionClass"},
      {"watch this.total", "'this' names an object only at a stop in one of its methods: run to one first, or watch Class.field"},
      {"print order", "the program has not started yet; `run` starts it"},
      {"set order.total = 5", "set is refused: a replay is read-only history, and changing it would make it leave the recording; change the program and record a new run instead"},
      // how many events the recording holds depends on the JDK and on ttd's scheduler decisions
      {"goto 99999", REGEX + "the recording has events 0 to \\d+; there is no event 99999"},
      {"goto 1.x", "bad position '1.x': goto takes EVENT, EVENT.TICK or EVENT.TICK@FRAMES:BCI[/METHOD] as `when` prints it, e.g. goto 57 (just after event 57, see timeline), goto 57.1200 (tick 1200 after it) or goto 57.1200@3:402 (the stop there with 3 frames at bci 402)"},
      {"restart 1", "there are no checkpoints yet; `checkpoint` saves the current position"},
      {"reverse-continue", "the program has not started yet, so there is nothing before this point"},
      {"catch java.lang.IllegalStateException", null},
      {"run", null},
      {"print nosuch", "there is no variable, field or loaded class named 'nosuch' here"},
      {"print order.", "cannot read the expression 'order.': expected a name (at column 7)"},
      {"print order.nofield", ORDER + "$Order has no field nofield"},
      {"print orders[3]", "only arrays have elements, and this is a java.util.ArrayList"},
      {"print order.total.x", "a long has no fields"},
      // stopped in the static audit(): `this` is no class, nor the object of another frame
      {"watch all this.total", "there is no 'this' in a static method"},
      {"history this.total", "there is no 'this' in a static method"},
      {"list 99999", REGEX + "line 99999 is past the end of OrderPipeline\\.java, which has \\d+ lines"},
      {"list 0", "'0' is not a line number: list takes a line of the current frame's source, from 1"},
      {"history " + ORDER + ".Order.total --last 1", null},
      {"history record.values", "no variable or field named record in any frame here, and record is no class name; history takes"
          + " Class.field, or expr.field at a stop where expr names an object"},
      {"history order.total --last 0", "malformed history 'order.total --last 0': --last takes a count from 1 to 999999999, not 0;"
          + " --all lists every write"},
      {"watch " + ORDER + "$Order.nofield", ORDER + "$Order has no field nofield"},
      {"stop at " + ORDER + ":999", "no code at line 999 in " + ORDER},
      {"up 5", "already at the outermost frame"},
      {"thread nobody", "no thread named 'nobody'; `threads` lists them"},
      {"thread", "thread takes the name of a thread, as `threads` lists them, e.g. thread main"},
      {"pop", "pop is refused: a replay is read-only history, and changing it would make it leave the recording; change the program and record a new run instead"},
      {"redefine " + ORDER + " x.class", "redefine is refused: a replay is read-only history, and changing it would make it leave the recording; change the program and record a new run instead"},
      {"unwatch " + ORDER + "$Order.total", "no watch of " + ORDER + "$Order.total; `clear` lists the breakpoints and watches"},
      {"restart 9", "there are no checkpoints yet; `checkpoint` saves the current position"},
      {"cont", "The application exited with status 1"},
      {"cont", "the program has ended (status 1); go back with reverse-continue, goto, restart or the other reverse commands"},
      {"step", "the program has ended (status 1); go back with reverse-continue, goto, restart or the other reverse commands"},
      {"history Nope.field", "no class Nope with a field field was loaded in the whole recording"},
    };
    String[] lines = new String[script.length + 1];
    for (int i = 0; i < script.length; i++) {
      lines[i] = script[i][0];
    }
    lines[script.length] = "quit";
    DebugConsole c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm), lines);
    for (int i = 0; i < script.length; i++) {
      if (script[i][1] != null) {
        List<String> out = c.after(i, script[i][0]);
        if (script[i][0].equals("cont") && i > 20) {
          assertEquals(script[i][1], out.get(out.size() - 1), c.describe());
        } else if (script[i][1].startsWith(REGEX)) {
          assertEquals(1, out.size(), "after " + script[i][0] + c.describe());
          assertTrue(out.get(0).matches(script[i][1].substring(REGEX.length())), "after " + script[i][0] + c.describe());
        } else {
          assertEquals(List.of(script[i][1]), out, "after " + script[i][0] + c.describe());
        }
      }
    }
    int dotted = 0;
    while (!script[dotted][0].startsWith("history " + ORDER + ".Order")) {
      dotted++;
    }
    List<String> nested = c.after(dotted, script[dotted][0]);
    assertTrue(nested.stream().anyMatch(l -> l.contains(" -> ")), "a nested class written with dots is the loaded one" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void aMissingRecordingIsOneLineAndStatusTwo(Jvm jvm) {
    Outcome none = TtdRun.cli(jvm, Scratch.dir("debug-missing"), "debug", "no-such-recording");
    assertEquals(2, none.exitStatus(), none.describe());
    assertEquals(1, none.stderrLines().size(), none.describe());
    assertTrue(none.stderrLines().get(0).startsWith("ttd: "), none.describe());
    Outcome usage = TtdRun.cli(jvm, Scratch.dir("debug-usage"), "debug");
    assertEquals(List.of("ttd: debug takes the recording's directory, optionally followed by --sourcepath DIR and --jdwp [HOST:]PORT"), usage.stderrLines(), usage.describe());
    assertEquals(2, usage.exitStatus(), usage.describe());
  }
}
