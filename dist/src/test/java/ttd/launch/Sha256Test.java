package ttd.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Sha256Test {

  @Test
  void digestsEveryLengthAroundTheBlockBoundariesAsMessageDigestDoes() throws Exception {
    Random random = new Random(42);
    for (int length : new int[] {0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000, 70_000}) {
      byte[] data = new byte[length];
      random.nextBytes(data);
      Sha256 mine = new Sha256();
      int off = 0;
      while (off < length) { // in uneven pieces, as a stream delivers them
        int n = Math.min(length - off, 1 + random.nextInt(97));
        mine.update(data, off, n);
        off += n;
      }
      assertEquals(hex(MessageDigest.getInstance("SHA-256").digest(data)), mine.hex(), "length " + length);
    }
  }

  @Test
  void digestsTheStandardTestVector() {
    Sha256 sha = new Sha256();
    byte[] abc = "abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    sha.update(abc, 0, abc.length);
    assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", sha.hex());
  }

  private static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(String.format("%02x", x));
    }
    return s.toString();
  }
}
