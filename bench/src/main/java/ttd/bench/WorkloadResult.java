package ttd.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the timed rounds of one workload produced: each mode's child runs, each recording's
 * size, and the per-round cost of a captured event; the report reads its figures from here.
 *
 * <p>Failed runs are kept beside the good ones: medians are taken over the good runs only, and
 * the report marks a figure that some runs are missing from and shows why they failed.
 */
final class WorkloadResult {

  private final Workload workload;
  private final Map<Mode, List<ChildRun>> runs = new EnumMap<>(Mode.class);
  private final List<RecordingInfo> infos = new ArrayList<>();
  private final List<Double> nsPerEvent = new ArrayList<>();
  private final List<Double> plainLoopMillis = new ArrayList<>();
  private final List<Double> recordLoopMillis = new ArrayList<>();
  private final List<Double> plainLoopCpuMillis = new ArrayList<>();
  private final List<Double> recordLoopCpuMillis = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  WorkloadResult(Workload workload) {
    this.workload = workload;
    for (Mode m : Mode.values()) {
      runs.put(m, new ArrayList<>());
    }
  }

  /** Adds one timed round: a plain, a recorded and a replayed run, and the recording's info. */
  void addRound(ChildRun plain, ChildRun record, ChildRun replay, RecordingInfo info) {
    runs.get(Mode.PLAIN).add(plain);
    runs.get(Mode.RECORD).add(record);
    runs.get(Mode.REPLAY).add(replay);
    if (info != null) {
      infos.add(info);
    }
    if (workload.timesItsLoop() && plain.ok() && record.ok()) {
      var p = plain.value(ClockLoopWorkload.LOOP_KEY);
      var r = record.value(ClockLoopWorkload.LOOP_KEY);
      if (p.isPresent() && r.isPresent()) {
        plainLoopMillis.add(p.getAsLong() / 1e6);
        recordLoopMillis.add(r.getAsLong() / 1e6);
        nsPerEvent.add((double) (r.getAsLong() - p.getAsLong()) / workload.loopCalls());
        var pc = plain.value(LockWorkload.CPU_KEY);
        var rc = record.value(LockWorkload.CPU_KEY);
        if (pc.isPresent() && rc.isPresent()) {
          plainLoopCpuMillis.add(pc.getAsLong() / 1e6);
          recordLoopCpuMillis.add(rc.getAsLong() / 1e6);
        }
      } else {
        note("round " + plain.round() + ": the child printed no '" + ClockLoopWorkload.LOOP_KEY
            + "' line");
      }
    }
  }

  Workload workload() {
    return workload;
  }

  /** A remark for the report, printed once however often it is made. */
  void note(String text) {
    if (!notes.contains(text)) {
      notes.add(text);
    }
  }

  List<String> notes() {
    return notes;
  }

  List<ChildRun> runs(Mode mode) {
    return runs.get(mode);
  }

  /** Wall milliseconds of the mode's good runs. */
  Stats wall(Mode mode) {
    return Stats.of(runs.get(mode).stream().filter(ChildRun::ok).map(ChildRun::wallMillis).toList());
  }

  /** The mode's runs that are not measurements. */
  List<ChildRun> failures(Mode mode) {
    return runs.get(mode).stream().filter(r -> !r.ok()).toList();
  }

  int rounds() {
    return runs.get(Mode.PLAIN).size();
  }

  /** (record loop - plain loop) / calls, paired round by round. */
  Stats nsPerEvent() {
    return Stats.of(nsPerEvent);
  }

  Stats plainLoopMillis() {
    return Stats.of(plainLoopMillis);
  }

  Stats recordLoopMillis() {
    return Stats.of(recordLoopMillis);
  }

  /** The loop thread's own CPU time, for the workloads that print it ({@code cpu-ns}). */
  Stats plainLoopCpuMillis() {
    return Stats.of(plainLoopCpuMillis);
  }

  Stats recordLoopCpuMillis() {
    return Stats.of(recordLoopCpuMillis);
  }

  Stats bytesPerEvent() {
    return Stats.of(infos.stream().map(RecordingInfo::bytesPerEvent).toList());
  }

  Stats events() {
    return Stats.of(infos.stream().filter(RecordingInfo::ok).map(i -> (double) i.events()).toList());
  }

  Stats logBytes() {
    return Stats.of(
        infos.stream().filter(RecordingInfo::ok).map(i -> (double) i.logBytes()).toList());
  }
}
