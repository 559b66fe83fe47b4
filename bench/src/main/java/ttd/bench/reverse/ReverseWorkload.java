package ttd.bench.reverse;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The program the reverse benchmark records: it hashes for the given number of seconds (of its
 * recorded clock, so a replay makes the same decisions; one clock read per chunk of about a
 * millisecond, so there are recorded events all along), calls {@link #markFar} once at the start,
 * {@link #second} once as each whole second of the run passes, then calls {@link #finish}. From
 * {@code finish}, a reverse-continue to {@code second} goes back about one second of replay, and
 * each further one another second; one to {@code markFar} goes back the whole run. (Breakpoints,
 * not watchpoints: with a JDI field watch set, HotSpot runs the program interpreted, which a
 * CPU-bound workload pays many times over.)
 */
public final class ReverseWorkload {

  static long farMark;
  static long lastSecond;

  private ReverseWorkload() {}

  public static void main(String[] args) throws NoSuchAlgorithmException {
    long seconds = Long.parseLong(args[0]);
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    byte[] data = new byte[4096];
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    long chunks = 0;
    long passed = 0;
    markFar(start);
    for (long now = start; now < end; now = System.nanoTime()) {
      for (int i = 0; i < 50; i++) {
        data = sha.digest(data).length == 32 ? data : new byte[1];
        data[i % data.length] ^= (byte) i;
      }
      chunks++;
      if (now - start >= (passed + 1) * 1_000_000_000L) {
        passed++;
        second(passed);
      }
    }
    finish(chunks);
  }

  static void markFar(long value) {
    farMark = value;
  }

  static void second(long n) {
    lastSecond = n;
  }

  static void finish(long chunks) {
    System.out.println("chunks " + chunks + ", seconds passed " + lastSecond);
  }
}
