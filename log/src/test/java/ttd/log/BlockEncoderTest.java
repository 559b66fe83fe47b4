package ttd.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BlockEncoderTest {

  @Test
  void decodesEveryPayloadKindAsItWasEncoded() {
    BlockEncoder enc = new BlockEncoder(16);
    enc.reset(5);
    enc.putLong(EventKind.CLOCK_NANOS, 3, 1_000_000_123L);
    enc.putLong(EventKind.CLOCK_NANOS, 3, 1_000_000_100L);
    enc.putString(EventKind.HOST_NAME, 9, "büro-7");
    enc.putString(EventKind.HOST_NAME, 0, null);
    enc.putStringPair(EventKind.ENV_VAR, 0, "HOME", null);
    enc.putBytes(EventKind.THREAD_BEGIN, 0, new byte[] {9, 8, 7, 6}, 1, 2);
    enc.putOutput(EventKind.STDOUT, 0, 12, "hi\n".getBytes(), 0, 3);
    Map<String, String> env = new java.util.LinkedHashMap<>();
    env.put("B", "2");
    env.put("C", "3");
    env.put("A", "1");
    enc.putStringMap(EventKind.ENV_ALL, 0, env);
    enc.putLong(EventKind.CLOCK_MILLIS, 1, Long.MIN_VALUE);
    assertEquals(9, enc.count());
    assertEquals(5, enc.firstIndex());

    BlockDecoder dec = new BlockDecoder(enc.buffer(), 0, enc.size());
    assertTrue(dec.next());
    assertEquals(EventKind.CLOCK_NANOS, dec.kind());
    assertEquals(3, dec.site());
    assertEquals(1_000_000_123L, dec.longValue());
    assertTrue(dec.next());
    assertEquals(1_000_000_100L, dec.longValue());
    assertTrue(dec.next());
    assertEquals("büro-7", dec.text());
    assertEquals(9, dec.site());
    assertTrue(dec.next());
    assertNull(dec.text());
    assertTrue(dec.next());
    assertEquals("HOME", dec.text());
    assertNull(dec.text2());
    assertTrue(dec.next());
    assertArrayEquals(new byte[] {8, 7}, dec.bytes());
    assertTrue(dec.next());
    assertEquals(12, dec.longValue());
    assertArrayEquals("hi\n".getBytes(), dec.bytes());
    assertTrue(dec.next());
    assertEquals(env, dec.map());
    assertEquals("[B, C, A]", dec.map().keySet().toString(), "the map's own order");
    assertTrue(dec.next());
    assertEquals(Long.MIN_VALUE, dec.longValue());
    assertFalse(dec.next());
  }

  @Test
  void aReservedPayloadFilledInPlaceDecodesLikeACopiedOne() {
    byte[] payload = new byte[300];
    for (int i = 0; i < payload.length; i++) {
      payload[i] = (byte) (i * 7);
    }
    BlockEncoder copied = new BlockEncoder(8);
    copied.putOutput(EventKind.FILE_READ, 0, 302, payload, 0, payload.length);
    BlockEncoder reserved = new BlockEncoder(8);
    int at = reserved.reserveOutput(EventKind.FILE_READ, 0, 302, payload.length);
    System.arraycopy(payload, 0, reserved.buffer(), at, payload.length);

    assertEquals(copied.size(), reserved.size());
    assertArrayEquals(
        java.util.Arrays.copyOf(copied.buffer(), copied.size()),
        java.util.Arrays.copyOf(reserved.buffer(), reserved.size()));
    BlockDecoder dec = new BlockDecoder(reserved.buffer(), 0, reserved.size());
    assertTrue(dec.next());
    assertEquals(302, dec.longValue());
    assertEquals(300, dec.bytesLength());
    assertEquals(payload[299], dec.block()[dec.bytesOffset() + 299]);
    byte[] part = new byte[5];
    dec.copyBytes(100, part, 1, 4);
    assertArrayEquals(new byte[] {0, payload[100], payload[101], payload[102], payload[103]}, part);
    assertArrayEquals(payload, dec.bytes());
  }

  @Test
  void anEventWithoutPayloadHasNoBytes() {
    BlockEncoder enc = new BlockEncoder(16);
    enc.putOutput(EventKind.FILE_READ, 0, 1, new byte[0], 0, 0);
    enc.putLong(EventKind.CLOCK_NANOS, 0, 5);
    BlockDecoder dec = new BlockDecoder(enc.buffer(), 0, enc.size());
    assertTrue(dec.next());
    assertEquals(0, dec.bytesLength());
    assertArrayEquals(new byte[0], dec.bytes());
    assertTrue(dec.next());
    assertEquals(0, dec.bytesLength());
    assertNull(dec.bytes());
  }

  @Test
  void storesAClockReadingInAFewBytes() {
    BlockEncoder enc = new BlockEncoder(1024);
    enc.reset(0);
    long t = 123_456_789_000L;
    for (int i = 0; i < 100; i++) {
      t += 40 + (i % 7);
      enc.putLong(EventKind.CLOCK_NANOS, 300, t);
    }
    assertTrue(enc.size() <= 100 * 4 + 6, "bytes for 100 clock events: " + enc.size());
  }

  @Test
  void startsEachBlockAfreshSoBlocksDecodeAlone() {
    BlockEncoder enc = new BlockEncoder(64);
    enc.reset(0);
    enc.putLong(EventKind.CLOCK_MILLIS, 0, 1_700_000_000_000L);
    enc.reset(1);
    enc.putLong(EventKind.CLOCK_MILLIS, 0, 1_700_000_000_005L);
    BlockDecoder dec = new BlockDecoder(enc.buffer(), 0, enc.size());
    assertTrue(dec.next());
    assertEquals(1_700_000_000_005L, dec.longValue());
  }

  @Test
  void rejectsAMalformedBlockWithARecordingError() {
    byte[] junk = {(byte) EventKind.STDOUT.code(), 0, 1, 100, 1, 2};
    BlockDecoder dec = new BlockDecoder(junk, 0, junk.length);
    assertThrows(BadRecordingException.class, dec::next);
    byte[] unknown = {(byte) 31, 0};
    assertThrows(BadRecordingException.class, new BlockDecoder(unknown, 0, 2)::next);
  }

  @Test
  void everyEventKindHasItsOwnCodeBelowTheTableSize() {
    java.util.Set<Integer> codes = new java.util.HashSet<>();
    for (EventKind k : EventKind.values()) {
      assertTrue(k.code() > 0 && k.code() < EventKind.CODES, k + " has code " + k.code());
      assertTrue(codes.add(k.code()), k + " reuses code " + k.code());
      assertEquals(k, EventKind.ofCode(k.code()));
    }
  }
}
