package ttd.launch;

/**
 * SHA-256 (FIPS 180-4) in plain Java arithmetic, for the digests of ttd.jar's nested libraries.
 *
 * <p>Not {@code MessageDigest}: the launcher runs inside the program's JVM before the program, and
 * the first use of the JDK's security providers links and initialises classes (reading {@code
 * java.security}, creating the provider list) that the program would otherwise initialise itself.
 * Only the first run of a ttd.jar unpacks and digests its libraries, so a recording made by that
 * run would see the JDK in another state than its replays (see {@code StartupClassLinkingTest}).
 * This class links nothing.
 */
final class Sha256 {

  private static final int[] K = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  };

  private final int[] h = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  };
  private final int[] w = new int[64];
  private final byte[] block = new byte[64];
  private int filled;
  private long length;

  void update(byte[] b, int off, int len) {
    length += len;
    while (len > 0) {
      int n = Math.min(len, 64 - filled);
      System.arraycopy(b, off, block, filled, n);
      filled += n;
      off += n;
      len -= n;
      if (filled == 64) {
        compress();
        filled = 0;
      }
    }
  }

  /** The digest as 64 lower-case hex digits; the object is used up. */
  String hex() {
    long bits = length * 8;
    block[filled++] = (byte) 0x80;
    if (filled > 56) {
      java.util.Arrays.fill(block, filled, 64, (byte) 0);
      compress();
      filled = 0;
    }
    java.util.Arrays.fill(block, filled, 56, (byte) 0);
    for (int i = 0; i < 8; i++) {
      block[56 + i] = (byte) (bits >>> (56 - 8 * i));
    }
    compress();
    StringBuilder s = new StringBuilder(64);
    for (int v : h) {
      for (int shift = 28; shift >= 0; shift -= 4) {
        s.append(Character.forDigit((v >>> shift) & 0xf, 16));
      }
    }
    return s.toString();
  }

  private void compress() {
    for (int i = 0; i < 16; i++) {
      w[i] = (block[4 * i] & 0xff) << 24 | (block[4 * i + 1] & 0xff) << 16
          | (block[4 * i + 2] & 0xff) << 8 | block[4 * i + 3] & 0xff;
    }
    for (int i = 16; i < 64; i++) {
      int s0 = Integer.rotateRight(w[i - 15], 7) ^ Integer.rotateRight(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      int s1 = Integer.rotateRight(w[i - 2], 17) ^ Integer.rotateRight(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    int a = h[0];
    int b = h[1];
    int c = h[2];
    int d = h[3];
    int e = h[4];
    int f = h[5];
    int g = h[6];
    int hh = h[7];
    for (int i = 0; i < 64; i++) {
      int s1 = Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25);
      int t1 = hh + s1 + (e & f ^ ~e & g) + K[i] + w[i];
      int s0 = Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22);
      int t2 = s0 + (a & b ^ a & c ^ b & c);
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
}
