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
  void aLoopOfAHundredTurnsCostsTwoTurnsAndARepeat() {
    enc.id(PathEncoder.CALL, 100);
    enc.close();
    enc.reset();
    for (int i = 0; i < 100; i++) {
      enc.count(PathEncoder.LOOP, 1);
      enc.id(PathEncoder.CALL, 100);
      enc.count(PathEncoder.RETURN, 1);
    }
    enc.close();
    List<String> steps = decode(enc.buffer(), enc.size());
    assertEquals(300, steps.size());
    for (int i = 0; i < 300; i += 3) {
      assertEquals(List.of("LOOP 1", "CALL 100", "RETURN 1"), steps.subList(i, i + 3), "turn " + i / 3);
    }
    assertEquals(2 * 4 + 2, enc.size(), "two turns of 4 bytes, then one repeat of 98 turns");
  }

  @Test
  void aTurnLeftUnfinishedFollowsTheRepeatAsItIs() {
    for (int i = 0; i < 5; i++) {
      enc.id(PathEncoder.JDK, 1);
      enc.id(PathEncoder.JDK, 2);
    }
    enc.id(PathEncoder.JDK, 1);
    enc.id(PathEncoder.JDK, 3);
    enc.close();
    List<String> steps = decode(enc.buffer(), enc.size());
    assertEquals(List.of("DEFINE 1 name-1", "JDK 1", "DEFINE 2 name-2", "JDK 2", "JDK 1", "JDK 2", "JDK 1",
        "JDK 2", "JDK 1", "JDK 2", "JDK 1", "JDK 2", "JDK 1", "DEFINE 3 name-3", "JDK 3"), steps);
  }

  @Test
  void anyMixOfStepsDecodesAsTheStepsItWasGiven() {
    java.util.Random random = new java.util.Random(12345);
    for (int trial = 0; trial < 300; trial++) {
      PathEncoder e = new PathEncoder(16, id -> "n" + id);
      List<String> expected = new ArrayList<>();
      String[] last = {null};
      long[] pending = {0};
      List<long[]> ops = new ArrayList<>();
      for (int block = random.nextInt(6); block >= 0; block--) {
        List<long[]> pattern = new ArrayList<>();
        for (int n = 1 + random.nextInt(10); n > 0; n--) {
          int tag = random.nextInt(5);
          pattern.add(new long[] {tag, tag == PathEncoder.CALL || tag == PathEncoder.JDK ? random.nextInt(40) : 1});
        }
        for (int turns = random.nextInt(30); turns >= 0; turns--) {
          ops.addAll(pattern);
          if (random.nextInt(4) == 0) {
            ops.add(new long[] {PathEncoder.CALL, random.nextInt(40)});
          }
        }
      }
      boolean[] defined = new boolean[40];
      for (long[] op : ops) {
        int tag = (int) op[0];
        if (tag == PathEncoder.CALL || tag == PathEncoder.JDK) {
          e.id(tag, (int) op[1]);
          flushExpected(expected, last, pending);
          if (!defined[(int) op[1]]) {
            defined[(int) op[1]] = true;
            expected.add("DEFINE " + op[1] + " n" + op[1]);
          }
          expected.add(TAGS[tag] + " " + op[1]);
        } else {
          e.count(tag, 1);
          if (!TAGS[tag].equals(last[0])) {
            flushExpected(expected, last, pending);
            last[0] = TAGS[tag];
          }
          pending[0]++;
        }
      }
      flushExpected(expected, last, pending);
      e.close();
      assertEquals(expected, decode(e.buffer(), e.size()), "trial " + trial);
    }
  }

  private static void flushExpected(List<String> expected, String[] last, long[] pending) {
    if (last[0] != null) {
      expected.add(last[0] + " " + pending[0]);
    }
    last[0] = null;
    pending[0] = 0;
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

  @Test
  void aRepeatOfMoreRecordsThanTheChunkHoldsIsADamagedRecording() {
    byte[] bad = {(byte) ((((1 << 3) | 3) << 3) | PathEncoder.REPEAT)};
    BadRecordingException e = assertThrows(BadRecordingException.class, () -> decode(bad, 1));
    assertTrue(e.getMessage().contains("damaged repeat"), e.getMessage());
  }

  private static final String[] TAGS = {"CALL", "RETURN", "LOOP", "JDK", "EVENT", "DEFINE"};

  private static List<String> decode(byte[] b, int len) {
    String[] tags = TAGS;
    List<String> out = new ArrayList<>();
    PathDecoder d = new PathDecoder(b, 0, len);
    while (d.next()) {
      out.add(tags[d.tag()] + " " + d.value() + (d.name() == null ? "" : " " + d.name()));
    }
    assertFalse(d.next());
    return out;
  }
}
