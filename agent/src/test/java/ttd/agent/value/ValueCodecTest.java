package ttd.agent.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class ValueCodecTest {

  @Test
  void threadIdsComeBackAsTheyWereIncludingNoneAndNegatives() {
    for (long[] ids : new long[][] {{}, {1}, {14, 15, -1, Long.MAX_VALUE}}) {
      assertArrayEquals(ids, ValueCodec.LONGS.decode(ValueCodec.LONGS.encode(ids)));
    }
  }
}
