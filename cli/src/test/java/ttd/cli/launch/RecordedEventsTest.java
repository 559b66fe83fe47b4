package ttd.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ttd.log.BlockEncoder;
import ttd.log.EventKind;
import ttd.log.RecordingMetadata;
import ttd.log.TraceFormat;
import ttd.log.TraceWriter;

class RecordedEventsTest {

  @TempDir Path dir;

  /**
   * main reads the clock (0), starts a worker (1), switches to it (2); the worker's first event is
   * outside the order, it reads the clock (3) and switches back (4); main prints (5). The worker's
   * block reaches the log first, as it may.
   */
  private void record() throws Exception {
    Files.createDirectories(dir.resolve(TraceFormat.QUEUE_DIR));
    RecordingMetadata m = new RecordingMetadata();
    m.put("format.version", Integer.toString(TraceFormat.VERSION));
    m.put("status", RecordingMetadata.STATUS_COMPLETE);
    m.put(TraceFormat.RECORDING_ID, "events-test");
    m.store(dir);
    try (TraceWriter w = new TraceWriter(dir.resolve(TraceFormat.QUEUE_DIR))) {
      w.appendRecording("events-test");
      w.appendThread(0, "main");
      w.appendThread(1, "worker");
      BlockEncoder worker = new BlockEncoder(256);
      worker.reset(0);
      worker.putBytes(EventKind.THREAD_BEGIN, 0, new byte[0], 0, 0);
      worker.putLong(EventKind.CLOCK_NANOS, 0, 123);
      worker.putLong(EventKind.SCHED_SWITCH, 1, 9);
      w.appendOrder(1, new long[] {0, -1, 1, 3}, 2);
      w.appendBlock(1, 0, worker.count(), worker.buffer(), worker.size());
      BlockEncoder main = new BlockEncoder(256);
      main.reset(0);
      main.putLong(EventKind.CLOCK_NANOS, 0, 5);
      main.putLong(EventKind.THREAD_START, 0, 1);
      main.putLong(EventKind.SCHED_SWITCH, 2, 2);
      byte[] out = "hi\n".getBytes();
      main.putOutput(EventKind.STDOUT, 0, 0, out, 0, out.length);
      w.appendOrder(0, new long[] {0, 0, 3, 5}, 2);
      w.appendBlock(0, 0, main.count(), main.buffer(), main.size());
      w.appendEnd(0, "exit");
    }
  }

  @Test
  void eventsComeInTheGlobalOrderWithTheirNumbersAndOnesOutsideBeforeTheirThreadsNext() throws Exception {
    record();
    List<String> got = new ArrayList<>();
    for (RecordedEvents.Event e : RecordedEvents.all(dir)) {
      got.add(e.global() + " " + e.thread() + " " + e.kind());
    }
    assertEquals(List.of("0 main CLOCK_NANOS", "1 main THREAD_START", "2 main SCHED_SWITCH", "-1 worker THREAD_BEGIN",
        "3 worker CLOCK_NANOS", "4 worker SCHED_SWITCH", "5 main STDOUT"), got);
  }

  @Test
  void aListingFoldsDecisionsNamesThreadsAndKeepsWhatItsFilterAsks() throws Exception {
    record();
    assertEquals(List.of(
        "          0  main  CLOCK_NANOS 5",
        "          1  main  THREAD_START 1",
        "          2  schedule: main -> worker (1 decision, 1 switch; --schedule lists them)",
        "          -  worker  THREAD_BEGIN 0 bytes",
        "          3  worker  CLOCK_NANOS 123",
        "=>        4  schedule: worker -> main (1 decision, 1 switch; --schedule lists them)",
        "          5  main  STDOUT \"hi\\n\""), listed(EventListing.Filter.ALL, 4));
    assertEquals(List.of(
        "          2  main  SCHED_SWITCH to worker at tick 2",
        "          4  worker  SCHED_SWITCH to main at tick 9"),
        listed(EventListing.Filter.parse(List.of("--kind", "sched", "--schedule"), false), -2));
    assertEquals(List.of("          3  worker  CLOCK_NANOS 123"),
        listed(EventListing.Filter.parse(List.of("--thread", "work", "clock"), true), -2));
  }

  @Test
  void eventsWithALimitPrintsNoMoreLinesThanTheLimitWhenAFoldAndAnEventEndTogether() throws Exception {
    record();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.PrintStream saved = System.out;
    System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertEquals(0, ttd.cli.TtdCommand.run(new String[] {"events", dir.toString(), "--limit", "3"}));
    } finally {
      System.setOut(saved);
    }
    assertEquals(List.of(
        "          0  main  CLOCK_NANOS 5",
        "          1  main  THREAD_START 1",
        "          2  schedule: main -> worker (1 decision, 1 switch; --schedule lists them)"),
        out.toString(java.nio.charset.StandardCharsets.UTF_8).lines().filter(l -> l.startsWith(" ")).toList());
  }

  private List<String> listed(EventListing.Filter f, long current) {
    List<String> lines = new ArrayList<>();
    EventListing l = new EventListing(f, current, lines::add);
    RecordedEvents.all(dir).forEach(l::add);
    l.finish();
    return lines;
  }
}
