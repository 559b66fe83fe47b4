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
 * CPU-bound workload pays many times over.) As each second passes it also writes the {@code
 * seconds} of two {@link Tally}s, {@code kept} first, and {@code finish} gets {@code kept}: a
 * watch on {@code kept.seconds} alone runs back to its last write, about a second back, past the
 * later write to the other tally that a class-wide watch would stop at.
 */
public final class ReverseWorkload {

  static long farMark;
  static long lastSecond;

  /** A counter object; two instances, so that a watch on one of them is not a class-wide watch. */
  static final class Tally {
    long seconds;
  }

  private ReverseWorkload() {}

  public static void main(String[] args) throws NoSuchAlgorithmException {
    long seconds = Long.parseLong(args[0]);
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    byte[] data = new byte[4096];
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    long chunks = 0;
    long passed = 0;
    Tally kept = new Tally();
    Tally other = new Tally();
    markFar(start);
    for (long now = start; now < end; now = System.nanoTime()) {
      for (int i = 0; i < 50; i++) {
        data = sha.digest(data).length == 32 ? data : new byte[1];
        data[i % data.length] ^= (byte) i;
      }
      chunks++;
      if (now - start >= (passed + 1) * 1_000_000_000L) {
        passed++;
        kept.seconds = passed;
        other.seconds = passed;
        second(passed);
      }
    }
    finish(chunks, kept);
  }

  static void markFar(long value) {
    farMark = value;
  }

  /** Never called: the benchmark's breakpoint with no hit at all. */
  static void neverCalled() {
    lastSecond = -1;
  }

  static void second(long n) {
    lastSecond = n;
  }

  static void finish(long chunks, Tally kept) {
    System.out.println("chunks " + chunks + ", seconds passed " + lastSecond + ", kept " + kept.seconds);
  }
}
