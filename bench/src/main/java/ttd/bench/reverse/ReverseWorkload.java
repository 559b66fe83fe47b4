package ttd.bench.reverse;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The program the reverse benchmark records: it hashes for the given number of seconds (of its
 * recorded clock, so a replay makes the same decisions), calls {@link #markFar} once at the start
 * and {@link #markNear} in every chunk of its last second, then calls {@link #finish}. A
 * reverse-continue from {@code finish} to the last call of each goes back about one second, or the
 * whole run. (Breakpoints, not watchpoints: with a JDI field watch set, HotSpot runs the program
 * interpreted, which a CPU-bound workload pays many times over.)
 */
public final class ReverseWorkload {

  static long farMark;
  static long nearMark;

  private ReverseWorkload() {}

  public static void main(String[] args) throws NoSuchAlgorithmException {
    long seconds = Long.parseLong(args[0]);
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    byte[] data = new byte[4096];
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    long chunks = 0;
    markFar(start);
    for (long now = start; now < end; now = System.nanoTime()) {
      for (int i = 0; i < 50; i++) {
        data = sha.digest(data).length == 32 ? data : new byte[1];
        data[i % data.length] ^= (byte) i;
      }
      chunks++;
      if (end - now < 1_000_000_000L) {
        markNear(chunks);
      }
    }
    finish(chunks);
  }

  static void markFar(long value) {
    farMark = value;
  }

  static void markNear(long value) {
    nearMark = value;
  }

  static void finish(long chunks) {
    System.out.println("chunks " + chunks + ", near mark " + nearMark);
  }
}
