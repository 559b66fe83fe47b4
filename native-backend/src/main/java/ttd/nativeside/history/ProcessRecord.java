package ttd.nativeside.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ttd.nativeside.Scratch;
import ttd.nativeside.mi.Gdb;
import ttd.nativeside.mi.MiValue;
import ttd.nativeside.mi.Reply;

/**
 * gdb's own process record ({@code record full}) of a program gdb runs: no performance counters
 * needed, so it works where rr cannot (virtual machines without a PMU), but slow (gdb
 * single-steps the program and logs what each instruction changes), so for small programs. The
 * history starts at {@code main}.
 *
 * <p>Two settings make it work here (gdb 13.1, glibc 2.36; see docs/decisions/native-process-record-settings.md): glibc is
 * told not to use its AVX, AVX2 and AVX-512 string functions, whose instructions process record
 * cannot record, and watchpoints are software ones, the only kind that a reverse run stops at.
 */
public final class ProcessRecord implements History {

  /**
   * glibc's CPU features that select string functions process record cannot record: EVEX
   * (AVX-512) and VEX (AVX, AVX2) instructions. {@code AVX_Fast_Unaligned_Load} alone keeps
   * {@code __memmove_avx_unaligned} (behind printf) in use when the others are off.
   */
  static final String HWCAPS = "glibc.cpu.hwcaps=-AVX512F,-AVX512VL,-AVX512BW,-AVX2,-AVX,-BMI2,-ERMS,-AVX_Fast_Unaligned_Load";

  private static final Pattern CURRENT = Pattern.compile("Current instruction number is (\\d+)");
  private static final Pattern HIGHEST = Pattern.compile("Highest recorded instruction number is (\\d+)");
  private static final Pattern UNSUPPORTED = Pattern.compile("Process record does not support instruction (\\S+) at address (0x[0-9a-f]+)");

  private final Gdb gdb;
  private final Path dir;
  private final Path output;
  private final String why;

  /**
   * Starts gdb on {@code program} (its arguments after it) with process record's settings;
   * {@code why} says why this backend (e.g. the reason rr cannot run here).
   */
  public ProcessRecord(String gdbCommand, List<String> program, long maxInstructions, String why) {
    this.why = why;
    this.dir = Scratch.create("ttd-native-");
    try {
      this.output = Files.createFile(dir.resolve("program-output"));
    } catch (IOException e) {
      throw new IllegalStateException("cannot create a file in " + dir + " (" + e.getMessage() + ")", e);
    }
    List<String> args = new ArrayList<>(List.of("--args"));
    args.addAll(program);
    this.gdb = Gdb.start(gdbCommand, args, dir.resolve("gdb-stderr"));
    gdb.run("-gdb-set can-use-hw-watchpoints 0");
    String tunables = System.getenv("GLIBC_TUNABLES");
    gdb.run("-gdb-set exec-wrapper env GLIBC_TUNABLES=" + (tunables == null || tunables.isEmpty() ? "" : tunables + ":") + HWCAPS);
    gdb.run("-inferior-tty-set " + output);
    gdb.console("set record full insn-number-max " + (maxInstructions <= 0 ? "unlimited" : Long.toString(maxInstructions)));
  }

  @Override
  public String describe() {
    return "backend: gdb's process record (record full), " + why
        + "; process record needs no performance counters but single-steps the program, so it is slow and meant for small programs, and the history starts at main"
        + (gdb.startup().contains("No debugging symbols found")
            ? ".\nThe program has no debugging information: compile it with -g for breakpoints at lines, locals and source lines"
            : "");
  }

  @Override
  public Gdb gdb() {
    return gdb;
  }

  @Override
  public Path output() {
    return output;
  }

  @Override
  public Reply start() {
    Reply atMain = gdb.resume("-exec-run --start");
    gdb.console("record full");
    return atMain;
  }

  @Override
  public String when() {
    String info = gdb.console("info record").console();
    Matcher current = CURRENT.matcher(info);
    Matcher highest = HIGHEST.matcher(info);
    if (!highest.find()) {
      return "no history recorded yet";
    }
    if (current.find()) {
      return "instruction " + current.group(1) + " of " + highest.group(1) + " recorded (replaying the history)";
    }
    return "instruction " + highest.group(1) + ", the last recorded (the program runs live from here)";
  }

  @Override
  public String checkpoint() {
    String info = gdb.console("info record").console();
    Matcher current = CURRENT.matcher(info);
    if (current.find()) {
      return current.group(1);
    }
    Matcher highest = HIGHEST.matcher(info);
    if (!highest.find()) {
      throw new IllegalStateException("there is no recorded history yet; `run` starts it");
    }
    return Long.toString(Long.parseLong(highest.group(1)) + 1);
  }

  @Override
  public void restart(String checkpoint) {
    String info = gdb.console("info record").console();
    Matcher highest = HIGHEST.matcher(info);
    boolean atLiveEnd = highest.find() && Long.parseLong(checkpoint) > Long.parseLong(highest.group(1));
    gdb.console(atLiveEnd ? "record goto end" : "record goto " + checkpoint);
  }

  @Override
  public String edge(Reply reply, boolean reverse) {
    Matcher unsupported = UNSUPPORTED.matcher(reply.log());
    if (unsupported.find()) {
      return "gdb's process record cannot record instruction " + unsupported.group(1) + " at " + unsupported.group(2)
          + ", so the recorded history ends here: the reverse commands go back, the program cannot go on";
    }
    if (reply.log().contains("Process record: inferior program stopped.")) {
      return "The program is exiting" + exitStatus(reply) + ": the end of its recorded history; the reverse commands go back";
    }
    if (reply.console().contains("No more reverse-execution history.")) {
      return reverse
          ? "No more history: this is where the recording started (main); `cont` goes forward"
          : "The end of the recorded history: `cont` goes on running the program live (and recording)";
    }
    return null;
  }

  /** " (status N)" when the stop is in an exit call whose status argument gdb shows, else "". */
  private static String exitStatus(Reply reply) {
    MiValue frame = reply.stopped() == null ? null : reply.stopped().get("frame");
    if (frame != null) {
      for (MiValue arg : frame.get("args") == null ? List.<MiValue>of() : frame.get("args").items()) {
        if ("status".equals(arg.text("name"))) {
          return " (status " + arg.text("value") + ")";
        }
      }
    }
    return "";
  }

  @Override
  public void close() {
    gdb.close();
    Scratch.delete(dir);
  }
}
