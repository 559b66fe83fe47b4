package ttd.bench.reverse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reverse-continue under gdb's process record ({@code ttd debug --native}) on the ledger C program
 * of the e2e tests, against a forward run to the same point in the same console: per round, a
 * console stops at the audit and watches the corrupted field; reverse-continue runs back to the
 * corrupting write (R); then, in a second console, a forward {@code cont} runs from the field's
 * first write in main to that same write (F). Both consoles report their positions in recorded
 * instructions ({@code when}), so the ratio is also given per instruction. The plain program's
 * run and the console's {@code run} to the audit (which records the history) are printed beside.
 *
 * <p>{@code java -cp bench/target/classes ttd.bench.reverse.NativeReverseBench --ttd-jar
 * dist/target/ttd.jar [--source e2e/src/test/resources/native/ledger.c] [--rounds 5]}
 */
public final class NativeReverseBench {

  private static final Pattern INSTRUCTION = Pattern.compile("^position instruction (\\d+)");

  private NativeReverseBench() {}

  public static void main(String[] args) throws Exception {
    String jar = "dist/target/ttd.jar";
    Path source = Path.of("e2e/src/test/resources/native/ledger.c");
    int rounds = 5;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--ttd-jar": jar = args[++i]; break;
        case "--source": source = Path.of(args[++i]); break;
        case "--rounds": rounds = Integer.parseInt(args[++i]); break;
        default: throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Path dir = Files.createTempDirectory("ttd-native-bench-");
    Path exe = dir.resolve("ledger");
    ConsoleDriver.run(List.of("gcc", "-g", "-O0", "-o", exe.toString(), source.toAbsolutePath().toString()), dir);
    List<String> lines = Files.readAllLines(source);
    int audit = lineOf(lines, "/* the audit */");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> console = List.of(java, "-jar", Path.of(jar).toAbsolutePath().toString(), "debug", "--native", "--", exe.toString());
    System.out.printf("load average before: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
    System.out.println("round  plain(s)  run-to-audit(s)  reverse-continue(s) insns  forward-cont(s) insns  ratio  ratio/insn");
    List<Double> ratios = new ArrayList<>();
    for (int r = 1; r <= rounds; r++) {
      long p0 = System.nanoTime();
      ConsoleDriver.run(List.of(exe.toString()), dir);
      double plain = (System.nanoTime() - p0) / 1e9;

      double runToAudit;
      double reverse;
      long reverseInsns;
      try (ConsoleDriver c = new ConsoleDriver(console, dir, false)) {
        c.command("stop at ledger.c:" + audit);
        runToAudit = c.command("run").seconds();
        c.command("watch bank.reserve");
        long at = instruction(c.command("when").firstLine());
        ConsoleDriver.Result landed = c.command("reverse-continue");
        require(landed.firstLine().startsWith("Watchpoint hit:") && landed.firstLine().contains("journal()"), landed);
        reverse = landed.seconds();
        reverseInsns = at - instruction(c.command("when").firstLine());
      }
      double forward;
      long forwardInsns;
      try (ConsoleDriver c = new ConsoleDriver(console, dir, false)) {
        c.command("watch bank.reserve");
        ConsoleDriver.Result first = c.command("run");
        require(first.lines().stream().anyMatch(l -> l.startsWith("Watchpoint hit:") && l.contains("main()")), first);
        long from = instruction(c.command("when").firstLine());
        ConsoleDriver.Result hit = c.command("cont");
        require(hit.firstLine().startsWith("Watchpoint hit:") && hit.firstLine().contains("journal()"), hit);
        forward = hit.seconds();
        forwardInsns = instruction(c.command("when").firstLine()) - from;
      }
      double ratio = reverse / forward;
      ratios.add(ratio);
      System.out.printf("%5d  %8.3f  %15.2f  %19.2f %5d  %15.2f %5d  %5.2f  %10.2f%n", r, plain, runToAudit, reverse, reverseInsns,
          forward, forwardInsns, ratio, ratio * forwardInsns / reverseInsns);
    }
    ratios.sort(Double::compare);
    System.out.printf("median ratio reverse-continue / forward cont: %.2f%n", ratios.get(ratios.size() / 2));
    System.out.printf("load average after: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
  }

  private static long instruction(String when) {
    Matcher m = INSTRUCTION.matcher(when);
    if (!m.find()) {
      throw new IllegalStateException("`when` said: " + when);
    }
    return Long.parseLong(m.group(1));
  }

  private static int lineOf(List<String> lines, String text) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new IllegalArgumentException("no line holds " + text);
  }

  private static void require(boolean ok, ConsoleDriver.Result r) {
    if (!ok) {
      throw new IllegalStateException("unexpected stop: " + r.lines());
    }
  }
}
