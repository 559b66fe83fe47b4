package ttd.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathEncoderTest {

  private final List<Integer> named = new ArrayList<>();
  private final PathEncoder enc = new PathEncoder(64, id -> { named.add(id); return "name-" + id; });

  @Test
  void decodesEachStepAsItWasWritten() {
    enc.id(PathEncoder.CALL, 7);
    enc.id(PathEncoder.JDK, 300);
    enc.count(PathEncoder.LOOP, 1);
    enc.count(PathEncoder.RETURN, 2);
    enc.count(PathEncoder.EVENT, 1);
    enc.id(PathEncoder.CALL, 7);
    enc.close();

    assertEquals(
        List.of("DEFINE 7 name-7", "CALL 7", "DEFINE 300 name-300", "JDK 300", "LOOP 1", "RETURN 2",
            "EVENT 1", "CALL 7"),
        decode(enc.buffer(), enc.size()));
  }

  @Test
  void consecutiveCountsOfOneKindBecomeOneRecordUntilAnotherStepComes() {
    for (int i = 0; i < 1000; i++) {
      enc.count(PathEncoder.LOOP, 1);
    }
    enc.count(PathEncoder.RETURN, 1);
    enc.count(PathEncoder.RETURN, 3);
    enc.count(PathEncoder.LOOP, 1);
    enc.close();

    assertEquals(List.of("LOOP 1000", "RETURN 4", "LOOP 1"), decode(enc.buffer(), enc.size()));
    assertEquals(2 + 1 + 1, enc.size(), "a count below 16 takes one byte, 1000 two");
  }

  @Test
  void theLastCountIsPendingUntilTheChunkIsClosed() {
    enc.count(PathEncoder.EVENT, 1);
    assertEquals(0, enc.size());
    enc.close();
    assertEquals(List.of("EVENT 1"), decode(enc.buffer(), enc.size()));
  }

  @Test
  void anIdIsDefinedOncePerThreadAlsoAcrossChunks() {
    enc.id(PathEncoder.CALL, 5);
    enc.close();
    enc.reset();
    enc.id(PathEncoder.CALL, 5);
    enc.id(PathEncoder.CALL, 6);
    enc.close();

    assertEquals(List.of("CALL 5", "DEFINE 6 name-6", "CALL 6"), decode(enc.buffer(), enc.size()));
    assertEquals(List.of(5, 6), named, "each name is asked for once");
  }

  @Test
  void aLoopThatCallsOneMethodCostsThreeBytesATurn() {
    enc.id(PathEncoder.CALL, 100);
    enc.count(PathEncoder.RETURN, 1);
    enc.close();
    int first = enc.size();
    enc.reset();
    for (int i = 0; i < 100; i++) {
      enc.count(PathEncoder.LOOP, 1);
      enc.id(PathEncoder.CALL, 100);
      enc.count(PathEncoder.RETURN, 1);
    }
    enc.close();
    assertTrue(first > 3, "the first turn carries the definition");
    assertEquals(100 * 4, enc.size(), "an id from 16 to 2047 takes two bytes, a count below 16 one");
  }

  @Test
  void theBufferGrowsPastItsCapacity() {
    for (int i = 0; i < 500; i++) {
      enc.id(PathEncoder.CALL, i);
    }
    enc.close();
    List<String> steps = decode(enc.buffer(), enc.size());
    assertEquals(1000, steps.size());
    assertEquals("CALL 499", steps.get(999));
  }

  @Test
  void aChunkCutInsideAStepIsADamagedRecording() {
    enc.id(PathEncoder.CALL, 1 << 20);
    enc.close();
    byte[] cut = Arrays.copyOf(enc.buffer(), enc.size() - 1);
    BadRecordingException e = assertThrows(BadRecordingException.class, () -> decode(cut, cut.length));
    assertTrue(e.getMessage().startsWith("the recording's path log"), e.getMessage());
  }

  @Test
  void anUnknownRecordIsADamagedRecording() {
    byte[] bad = {7};
    assertThrows(BadRecordingException.class, () -> decode(bad, 1));
  }

  private static List<String> decode(byte[] b, int len) {
    String[] tags = {"CALL", "RETURN", "LOOP", "JDK", "EVENT", "DEFINE"};
    List<String> out = new ArrayList<>();
    PathDecoder d = new PathDecoder(b, 0, len);
    while (d.next()) {
      out.add(tags[d.tag()] + " " + d.value() + (d.name() == null ? "" : " " + d.name()));
    }
    assertFalse(d.next());
    return out;
  }
}
