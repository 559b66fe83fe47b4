package ttd.agent.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class RecordedSignalTest {

  @Test
  void readsEachThreadsEventCountWhenTheSignalCameByOrdinal() {
    assertArrayEquals(new long[] {59, -1, 7}, RecordedSignal.positions("0:59,2:7"));
    assertArrayEquals(new long[] {12}, RecordedSignal.positions("0:12"));
    assertArrayEquals(new long[0], RecordedSignal.positions(null));
  }
}
