package ttd.nativeside.mi;

import java.util.List;

/**
 * What gdb answered to one command: its result record, and what it printed on the way (console
 * text, log text, asynchronous records). For a command that resumed the program, {@code stopped}
 * is the {@code *stopped} record it ended with (null if it ended otherwise, e.g. process record
 * failed to record an instruction, which gdb only says in its log).
 */
public record Reply(MiRecord result, String console, String log, List<MiRecord> async, MiRecord stopped) {

  /** A field of the result, e.g. {@code value} of {@code -data-evaluate-expression}. */
  public MiValue get(String name) {
    return result.get(name);
  }
}
