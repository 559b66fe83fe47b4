package ttd.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Prints the benchmark's figures as a table of medians and ratios against the plain runs of the
 * same invocation, the derived per-event figures, the spread of each column, and why any run
 * that is not in the figures failed.
 *
 * <p>It only prints: a missed goal is stated, never turned into an exit status, because the
 * harness must not fail a build on a noisy machine.
 */
final class Report {

  /** Record wall time over plain wall time on the CPU-bound workload. */
  static final double GOAL_CPU_RATIO = 1.2;
  /** Issue 3: reading 200 MB in 8 KB chunks, recorded vs plain. */
  static final double GOAL_FILE_RATIO = 1.5;
  /** Issue 3: serving 10 000 loopback HTTP requests, recorded vs plain (first to last request). */
  static final double GOAL_HTTP_RATIO = 1.5;
  /** Issue 3: log bytes per read call beyond the bytes read. */
  static final double GOAL_BYTES_PER_READ = 16;
  /** Nanoseconds a captured event may add, median. */
  static final double GOAL_NS_PER_EVENT = 100;
  /** Log bytes per event. */
  static final double GOAL_BYTES_PER_EVENT = 16;
  /** Milliseconds recording may add to JVM start-up. */
  static final double GOAL_STARTUP_MS = 500;

  private static final String ROW = "%-18s %10s %10s %10s %13s %13s  %s%n";

  private final PrintStream out;

  Report(PrintStream out) {
    this.out = out;
  }

  /**
   * @param loadBefore the machine's 1-minute load average when the runs began
   * @param loadAfter the same when they ended
   */
  void print(JdkVersion jdk, BenchOptions o, List<WorkloadResult> results, String loadBefore,
      String loadAfter) {
    out.printf("ttd benchmark  (java %s, %d runs, medians)%n", jdk.shortVersion(), o.runs);
    out.printf("java: %s  (%s)%n", o.java, jdk.fullVersion());
    out.printf("ttd:  %s%n", o.ttdJar.toAbsolutePath());
    out.printf("cpus: %d, load average %s at start, %s at end%n%n",
        Runtime.getRuntime().availableProcessors(), loadBefore, loadAfter);
    out.printf(ROW, "workload", "plain ms", "record ms", "replay ms", "record/plain", "replay/plain",
        "goal");
    for (WorkloadResult r : results) {
      Stats plain = r.wall(Mode.PLAIN);
      Stats record = r.wall(Mode.RECORD);
      Stats replay = r.wall(Mode.REPLAY);
      out.printf(ROW, r.workload().label(), cell(r, Mode.PLAIN), cell(r, Mode.RECORD),
          cell(r, Mode.REPLAY), ratio(record.ratioTo(plain)), ratio(replay.ratioTo(plain)),
          goal(r, plain, record));
    }
    out.printf("(wall ms: child process start to exit, timed by this harness; replay includes the"
        + " ttd launcher's JVM and the replayed one)%n%n");
    for (WorkloadResult r : results) {
      derived(r);
    }
    spread(results);
    events(results);
    failures(results);
  }

  /**
   * The median of the mode's good runs, marked '*' when some failed; DIVERGED when every run
   * diverged, FAILED when none succeeded for another reason.
   */
  private static String cell(WorkloadResult r, Mode m) {
    Stats s = r.wall(m);
    if (s.empty()) {
      List<ChildRun> failed = r.failures(m);
      return !failed.isEmpty() && failed.stream().allMatch(ChildRun::diverged) ? "DIVERGED" : "FAILED";
    }
    return String.format("%.0f", s.median()) + (r.failures(m).isEmpty() ? "" : "*");
  }

  private String goal(WorkloadResult r, Stats plain, Stats record) {
    return switch (r.workload().key()) {
      case Workload.CPU -> "record <= " + GOAL_CPU_RATIO + "x: "
          + verdict(record.ratioTo(plain), GOAL_CPU_RATIO) + " (added "
          + signedMs(record.minus(plain)) + " ms)";
      case Workload.CLOCK -> "ns & bytes per event below";
      case Workload.UUIDS -> "ns & bytes per UUID below";
      case Workload.WEAK -> "ns per reference below";
      case Workload.FILE, Workload.NIO, Workload.SOCKET -> "record <= " + GOAL_FILE_RATIO + "x: "
          + verdict(record.ratioTo(plain), GOAL_FILE_RATIO);
      case Workload.HTTP -> "serving (loop) <= " + GOAL_HTTP_RATIO + "x: "
          + verdict(r.recordLoopMillis().median() / r.plainLoopMillis().median(), GOAL_HTTP_RATIO);
      case Workload.ACCEPT -> "clients' timeouts below";
      case Workload.STARTUP -> "added " + signedMs(record.minus(plain)) + " ms (<= +"
          + (int) GOAL_STARTUP_MS + "): " + verdict(record.minus(plain), GOAL_STARTUP_MS);
      default -> "";
    };
  }

  /** The clock workload's per-event figures and the start-up workload's added milliseconds. */
  private void derived(WorkloadResult r) {
    if (r.workload().key().equals(Workload.CPU) && !r.logBytes().empty()) {
      double seconds = r.wall(Mode.PLAIN).median() / 1000;
      out.printf("cpu: log %s bytes (median), %s bytes per second of the plain run's wall time%n",
          num(r.logBytes().median(), 0), num(r.logBytes().median() / seconds, 0));
    }
    if (r.workload().peer() != null) {
      network(r);
      return;
    }
    if (isFileRead(r)) {
      Stats ns = r.nsPerEvent();
      out.printf("ns added per 8 KB read call (median): %s  min %s, max %s; loop median plain %s ms, record %s ms%n",
          num(ns.median(), 0), num(ns.min(), 0), num(ns.max(), 0),
          num(r.plainLoopMillis().median(), 0), num(r.recordLoopMillis().median(), 0));
      Stats plainCpu = r.plainLoopCpuMillis();
      Stats recordCpu = r.recordLoopCpuMillis();
      if (!plainCpu.empty() && !recordCpu.empty()) {
        out.printf("reading thread's CPU in the loop (median): plain %s ms, record %s ms (%s), i.e."
                + " %s us added per read call%n",
            num(plainCpu.median(), 0), num(recordCpu.median(), 0),
            ratio(recordCpu.median() / plainCpu.median()),
            num((recordCpu.median() - plainCpu.median()) * 1000 / r.workload().loopCalls(), 1));
      }
    } else if (r.workload().key().equals(Workload.UUIDS)) {
      Stats ns = r.nsPerEvent();
      out.printf("ns added per UUID (median): %s  min %s, max %s; loop median plain %s ms, record %s ms;"
              + " log bytes per UUID %s (%s log bytes / %s events)%n",
          num(ns.median(), 0), num(ns.min(), 0), num(ns.max(), 0), num(r.plainLoopMillis().median(), 0),
          num(r.recordLoopMillis().median(), 0), num(r.logBytes().median() / r.workload().loopCalls(), 1),
          num(r.logBytes().median(), 0), num(r.events().median(), 0));
      return;
    } else if (r.workload().key().equals(Workload.WEAK)) {
      Stats ns = r.nsPerEvent();
      out.printf("ns added per weak reference made (median, the hook and the held referent): %s"
              + "  min %s, max %s; loop median plain %s ms, record %s ms (nothing is logged)%n",
          num(ns.median(), 1), num(ns.min(), 1), num(ns.max(), 1),
          num(r.plainLoopMillis().median(), 0), num(r.recordLoopMillis().median(), 0));
      return;
    } else if (r.workload().timesItsLoop()) {
      Stats ns = r.nsPerEvent();
      out.printf("ns per captured event (median): %s  (goal <= %.0f: %s)  min %s, max %s;"
              + " loop median plain %s ms, record %s ms%n",
          num(ns.median(), 1), GOAL_NS_PER_EVENT, verdict(ns.median(), GOAL_NS_PER_EVENT),
          num(ns.min(), 1), num(ns.max(), 1), num(r.plainLoopMillis().median(), 0),
          num(r.recordLoopMillis().median(), 0));
    }
    if (r.workload().timesItsLoop()) {
      Stats bpe = r.bytesPerEvent();
      if (isFileRead(r)) {
        double perCall = bpe.median() - FileReadWorkload.CHUNK;
        double perPayloadByte = r.logBytes().median() / (double) Workload.FILE_BYTES;
        out.printf("log bytes per read call beyond its %d-byte payload (median): %s  (goal <= 16: %s);"
                + " log bytes per payload byte %s%n",
            FileReadWorkload.CHUNK, num(perCall, 1), verdict(perCall, 16), num(perPayloadByte, 4));
      } else {
        out.printf("bytes per event (median): %s  (goal <= %.0f: %s)  %s log bytes / %s events%n",
            num(bpe.median(), 1), GOAL_BYTES_PER_EVENT, verdict(bpe.median(), GOAL_BYTES_PER_EVENT),
            num(r.logBytes().median(), 0), num(r.events().median(), 0));
      }
    }
    if (r.workload().key().equals(Workload.ACCEPT)) {
      out.printf("accept burst: clients' read timeouts per run: plain %s, record %s  (goal: none where"
              + " plain has none)%n",
          values(r, Mode.PLAIN, AcceptBurstWorkload.TIMEOUTS_KEY),
          values(r, Mode.RECORD, AcceptBurstWorkload.TIMEOUTS_KEY));
    }
    if (r.workload().key().equals(Workload.STARTUP)) {
      Stats plain = r.wall(Mode.PLAIN);
      out.printf("startup added (median): record %s ms, replay %s ms  (goal: record <= +%.0f ms: %s)%n",
          signedMs(r.wall(Mode.RECORD).minus(plain)), signedMs(r.wall(Mode.REPLAY).minus(plain)),
          GOAL_STARTUP_MS, verdict(r.wall(Mode.RECORD).minus(plain), GOAL_STARTUP_MS));
    }
  }

  /** What the good runs of {@code mode} printed after {@code key}, in run order. */
  private static List<Long> values(WorkloadResult r, Mode mode, String key) {
    List<Long> values = new ArrayList<>();
    for (ChildRun run : r.runs(mode)) {
      if (run.ok()) {
        run.value(key).ifPresent(values::add);
      }
    }
    return values;
  }

  /**
   * A networked workload's figures: time added per call or request, and what the log holds
   * beyond the payload that crossed the connections (the peer counts it).
   */
  private void network(WorkloadResult r) {
    NetPeer peer = r.workload().peer();
    double payload = peer.payloadBytes();
    double logBytes = r.logBytes().median();
    double events = r.events().median();
    double beyond = (logBytes - payload) / events;
    double perPayloadByte = logBytes / payload;
    if (r.workload().key().equals(Workload.SOCKET)) {
      out.printf("ns added per 8 KB socket read (median): %s; loop median plain %s ms, record %s ms%n",
          num(r.nsPerEvent().median(), 0), num(r.plainLoopMillis().median(), 0),
          num(r.recordLoopMillis().median(), 0));
      out.printf("log bytes per socket read beyond the bytes read (median): %s  (goal <= %.0f: %s);"
              + " log bytes per payload byte %s; %s events for %s bytes%n",
          num(beyond, 1), GOAL_BYTES_PER_READ, verdict(beyond, GOAL_BYTES_PER_READ),
          num(perPayloadByte, 4), num(events, 0), num(payload, 0));
      return;
    }
    long requests = r.workload().loopCalls();
    out.printf("serving %d requests (first to last, median): plain %s ms, record %s ms (%s), i.e."
            + " %s us added per request%n",
        requests, num(r.plainLoopMillis().median(), 0), num(r.recordLoopMillis().median(), 0),
        ratio(r.recordLoopMillis().median() / r.plainLoopMillis().median()),
        num(r.nsPerEvent().median() / 1000, 1));
    out.printf("log: %s bytes per request, %s events per request, %s bytes per event beyond the"
            + " payload; log bytes per payload byte %s (payload %s bytes both ways)%n",
        num(logBytes / requests, 0), num(events / requests, 1), num(beyond, 1),
        num(perPayloadByte, 2), num(payload, 0));
  }

  private void spread(List<WorkloadResult> results) {
    out.printf("%nmin..max ms%n");
    String row = "%-18s %-18s %-18s %-18s%n";
    out.printf(row, "workload", "plain", "record", "replay");
    for (WorkloadResult r : results) {
      out.printf(row, r.workload().label(), range(r.wall(Mode.PLAIN)), range(r.wall(Mode.RECORD)),
          range(r.wall(Mode.REPLAY)));
    }
  }

  private void events(List<WorkloadResult> results) {
    String counts = results.stream()
        .map(r -> r.workload().label() + " " + num(r.events().median(), 0))
        .collect(Collectors.joining(", "));
    out.printf("events per recording (median): %s%n", counts);
  }

  /** Each distinct failure once, with the stderr lines that explain it. */
  private void failures(List<WorkloadResult> results) {
    boolean any = false;
    for (WorkloadResult r : results) {
      for (Mode m : Mode.values()) {
        Map<String, List<ChildRun>> byProblem = new LinkedHashMap<>();
        for (ChildRun f : r.failures(m)) {
          byProblem.computeIfAbsent(f.problem(), k -> new ArrayList<>()).add(f);
        }
        for (Map.Entry<String, List<ChildRun>> e : byProblem.entrySet()) {
          if (!any) {
            out.printf("%nruns left out of the figures (* = median of the remaining runs,"
                + " FAILED = none remain):%n");
            any = true;
          }
          ChildRun first = e.getValue().get(0);
          List<String> why = explanation(first);
          out.printf("  %s %s: %s in %d of %d runs%s%n", r.workload().label(), m.label, e.getKey(),
              e.getValue().size(), r.rounds(),
              why.isEmpty() ? "" : "; stderr of round " + first.round() + ":");
          for (String line : why) {
            out.println("      " + line);
          }
        }
      }
      for (String note : r.notes()) {
        out.printf("  note (%s): %s%n", r.workload().label(), note);
      }
    }
    if (!any) {
      out.printf("%nall record and replay runs succeeded (replays matched the recordings' stdout)%n");
    }
  }

  /** ttd's own lines when it wrote some (a divergence report), else the end of stderr. */
  private static List<String> explanation(ChildRun run) {
    List<String> ttd = run.stderr().lines().filter(l -> l.startsWith("ttd:")).limit(10).toList();
    return ttd.isEmpty() ? run.stderrTail(10) : ttd;
  }

  private static String verdict(double value, double goal) {
    return Double.isNaN(value) ? "n/a" : value <= goal ? "met" : "MISSED";
  }

  private static String ratio(double r) {
    return Double.isNaN(r) ? "-" : String.format("%.2fx", r);
  }

  private static String signedMs(double ms) {
    return Double.isNaN(ms) ? "?" : String.format("%+.0f", ms);
  }

  private static String num(double v, int decimals) {
    return Double.isNaN(v) ? "?" : String.format("%." + decimals + "f", v);
  }

  private static String range(Stats s) {
    return s.empty() ? "-" : String.format("%.0f..%.0f", s.min(), s.max());
  }

  private static boolean isFileRead(WorkloadResult r) {
    return r.workload().key().equals(Workload.FILE) || r.workload().key().equals(Workload.NIO);
  }
}
