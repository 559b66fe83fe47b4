package ttd.nativeside.rr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * rr's messages for a failed recording, as one sentence with the cause and what to do: the CPU
 * one is what rr 5.6.0 printed on this project's machines; the counter ones are rr's texts (the
 * first also seen here, with rr's -A forcing a known CPU).
 */
class RrProbeTest {

  private static final String UNKNOWN_CPU = "[FATAL ./src/PerfCounters_x86.h:114:compute_cpu_microarch()] AMD CPU type 0xf20 (ext family 0xb) unknown";
  private static final String NO_COUNTERS = "[FATAL ./src/PerfCounters.cc:306:start_counter()] Unable to open performance counter with 'perf_event_open'; are hardware perf events available? See https://github.com/rr-debugger/rr/wiki/Will-rr-work-on-my-system";

  @Test
  void anUnknownCpuOnAMachineWithoutCountersNamesBothAndTheProcessRecordBackend() {
    String reason = RrProbe.reason(List.of(UNKNOWN_CPU), false);
    assertTrue(reason.startsWith("rr cannot record here: it does not know this CPU (rr says: AMD CPU type 0xf20 (ext family 0xb) unknown)"), reason);
    assertTrue(reason.contains("no hardware performance counters"), reason);
    assertTrue(reason.contains("ttd debug --native -- PROGRAM"), reason);
  }

  @Test
  void anUnknownCpuWithCountersSuggestsANewerRrOrItsMicroarchOption() {
    String reason = RrProbe.reason(List.of(UNKNOWN_CPU), true);
    assertTrue(reason.contains("a newer rr may know it, or pass the microarchitecture with rr's -A option"), reason);
    assertTrue(!reason.contains("no hardware performance counters"), reason);
  }

  @Test
  void countersThatCannotBeOpenedSayWhatRrNeeds() {
    String reason = RrProbe.reason(List.of(NO_COUNTERS), false);
    assertTrue(reason.startsWith("rr cannot record here: no usable hardware performance counters (rr says: Unable to open performance counter"), reason);
    assertTrue(reason.contains("bare metal or a VM with a virtual PMU"), reason);
  }

  @Test
  void aParanoidKernelSaysWhichSettingToChange() {
    String reason = RrProbe.reason(List.of("[FATAL ./src/PerfCounters.cc:303:start_counter()] Permission denied to use 'perf_event_open'; are perf events enabled? Try 'perf record'."), true);
    assertTrue(reason.contains("sysctl kernel.perf_event_paranoid=1"), reason);
  }

  @Test
  void rrsSourcePositionIsDroppedFromWhatItSaid() {
    assertEquals("AMD CPU type 0xf20 (ext family 0xb) unknown", RrProbe.said(List.of("", UNKNOWN_CPU)));
    assertEquals("nothing on stderr", RrProbe.said(List.of()));
  }
}
