package ttd.nativeside.rr;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import ttd.nativeside.Scratch;

/**
 * Whether rr can record on this machine, asked of rr itself: it records {@code /bin/true} into a
 * temporary directory (deleted afterwards, whatever happens). rr checks the CPU (it must know its
 * microarchitecture) and opens the hardware performance counters it counts with; its own message
 * for the first thing missing becomes one sentence with what to do.
 */
public final class RrProbe {

  /** What the probe found: whether rr works, and if not the sentence that says why and what to do. */
  public record Verdict(boolean works, String rr, String reason) {}

  private static final Path CPU_PMU = Path.of("/sys/bus/event_source/devices/cpu");
  private static final Path CPU_PMU_HYBRID = Path.of("/sys/bus/event_source/devices/cpu_core");

  private RrProbe() {}

  /** The rr to use: {@code -Dttd.rr} if set, else {@code rr} on the PATH (null if there is none). */
  public static String rr() {
    String configured = System.getProperty("ttd.rr");
    if (configured != null && !configured.isEmpty()) {
      return Files.isExecutable(Path.of(configured)) ? configured : null;
    }
    return onPath("rr");
  }

  /** {@code name}'s absolute path on the PATH, or null. */
  public static String onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      Path p = Path.of(dir.isEmpty() ? "." : dir, name);
      if (Files.isRegularFile(p) && Files.isExecutable(p)) {
        return p.toAbsolutePath().toString();
      }
    }
    return null;
  }

  /** Runs the probe. */
  public static Verdict check() {
    String rr = rr();
    if (rr == null) {
      return new Verdict(false, null, "rr is not installed: install it (Debian: apt-get install rr) on a machine with hardware performance counters");
    }
    Path dir = null;
    try {
      dir = Scratch.create("ttd-rr-probe-");
      Path stderr = dir.resolve("stderr");
      Process p = new ProcessBuilder(rr, "record", "-o", dir.resolve("trace").toString(), "/bin/true")
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(stderr.toFile())
          .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        return new Verdict(false, rr, "rr did not finish recording /bin/true within 120 s; check that `rr record /bin/true` works here");
      }
      if (p.exitValue() == 0) {
        return new Verdict(true, rr, null);
      }
      return new Verdict(false, rr, reason(Files.readAllLines(stderr, StandardCharsets.UTF_8), pmuVisible()));
    } catch (IOException e) {
      return new Verdict(false, rr, "cannot run " + rr + " (" + e.getMessage() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Verdict(false, rr, "interrupted while asking rr whether it can record");
    } finally {
      Scratch.delete(dir);
    }
  }

  /** Whether the kernel shows a CPU performance-monitoring unit (absent in VMs without a virtual PMU). */
  static boolean pmuVisible() {
    return Files.isDirectory(CPU_PMU) || Files.isDirectory(CPU_PMU_HYBRID);
  }

  /** The sentence for rr's {@code stderr} lines of a failed recording. */
  static String reason(List<String> stderr, boolean pmuVisible) {
    String said = said(stderr);
    String noPmu = pmuVisible ? "" : ", and this machine shows no hardware performance counters (no " + CPU_PMU
        + ": a virtual machine without a virtual PMU), which rr needs";
    String instead = "; use `ttd debug --native -- PROGRAM` (gdb's process record, no counters needed) here, or record on bare metal or a VM with a virtual PMU";
    String all = String.join("\n", stderr);
    if (all.contains("CPU type") && all.contains("unknown")) {
      return "rr cannot record here: it does not know this CPU (rr says: " + said + ")" + noPmu
          + (pmuVisible ? "; a newer rr may know it, or pass the microarchitecture with rr's -A option" : "") + instead;
    }
    if (all.contains("Permission denied to use 'perf_event_open'") || all.contains("perf_event_paranoid")) {
      return "rr may not use the performance counters (rr says: " + said + "): set kernel.perf_event_paranoid to 1 or lower (sysctl kernel.perf_event_paranoid=1) and try again";
    }
    if (all.contains("Unable to open performance counter") || all.contains("perf_event_open")) {
      return "rr cannot record here: no usable hardware performance counters (rr says: " + said + ")" + noPmu + instead;
    }
    if (all.contains("SpecLockMap") || all.contains("Zen")) {
      return "rr cannot record reliably on this AMD Zen CPU until its SpecLockMap optimization is disabled (rr says: " + said
          + "): run rr's zen_workaround.py, see https://github.com/rr-debugger/rr/wiki/Zen";
    }
    return "rr cannot record here (rr says: " + said + ")" + noPmu + instead;
  }

  /** rr's first FATAL or error line without its source-position prefix, e.g. "AMD CPU type 0xf20 (ext family 0xb) unknown". */
  static String said(List<String> stderr) {
    for (String line : stderr) {
      String l = line.trim();
      if (l.isEmpty()) {
        continue;
      }
      if (l.startsWith("[")) {
        int close = l.indexOf("] ");
        if (close > 0) {
          l = l.substring(close + 2);
        }
      }
      return l;
    }
    return "nothing on stderr";
  }
}
