package ttd.samples.compute;

import java.util.Random;

/**
 * Plans the day's delivery round through the drop-off points of the order book: random restarts
 * of a 2-opt local search, keeping the shortest round found. The restarts are seeded from the
 * clock, so each run explores differently.
 *
 * <p>Bug: {@code keepIfShorter} compares a restart's round with the length of that restart's own
 * starting round instead of with the best round so far. Local search always shortens its start,
 * so every restart replaces the best: the plan printed is the last restart's, usually longer than
 * one found before it. Nothing reads the clock or prints between the first restart and the last,
 * so the whole search is one long stretch of the recording without events.
 */
public final class RoutePlanner {

  static final int STOPS = 300;
  static final int RESTARTS = 40;

  private final double[] x = new double[STOPS];
  private final double[] y = new double[STOPS];
  private int[] bestRound;
  private double bestLength = Double.MAX_VALUE;
  private int bestRestart = -1;

  RoutePlanner(Random orderBook) {
    for (int i = 0; i < STOPS; i++) {
      x[i] = orderBook.nextDouble() * 40;
      y[i] = orderBook.nextDouble() * 25;
    }
  }

  public static void main(String[] args) {
    long started = System.nanoTime();
    RoutePlanner planner = new RoutePlanner(new Random(20261130L));
    planner.plan(new Random(started));
    planner.report((System.nanoTime() - started) / 1_000_000);
  }

  void plan(Random search) {
    for (int restart = 0; restart < RESTARTS; restart++) {
      restart(restart, search);
    }
  }

  void restart(int restart, Random search) {
    int[] round = shuffled(search);
    double startLength = length(round);
    improve(round);
    keepIfShorter(round, startLength, restart);
  }

  void keepIfShorter(int[] round, double startLength, int restart) {
    double length = length(round);
    if (length < startLength) {
      adopt(round, length, restart);
    }
  }

  void adopt(int[] round, double length, int restart) {
    bestRound = round.clone();
    bestLength = length;
    bestRestart = restart;
  }

  void report(long millis) {
    System.out.printf("best round: %.1f km through %d stops, from restart %d of %d (%d ms)%n",
        bestLength, bestRound.length, bestRestart + 1, RESTARTS, millis);
  }

  private int[] shuffled(Random search) {
    int[] round = new int[STOPS];
    for (int i = 0; i < STOPS; i++) {
      round[i] = i;
    }
    for (int i = STOPS - 1; i > 0; i--) {
      int j = search.nextInt(i + 1);
      int t = round[i];
      round[i] = round[j];
      round[j] = t;
    }
    return round;
  }

  /** 2-opt: reverses a section of the round while that shortens it. */
  private void improve(int[] round) {
    boolean shorter = true;
    while (shorter) {
      shorter = false;
      for (int i = 1; i < round.length - 1; i++) {
        for (int k = i + 1; k < round.length; k++) {
          if (gain(round, i, k) < -1e-9) {
            reverse(round, i, k);
            shorter = true;
          }
        }
      }
    }
  }

  private double gain(int[] r, int i, int k) {
    int a = r[i - 1];
    int b = r[i];
    int c = r[k];
    int d = r[(k + 1) % r.length];
    return distance(a, c) + distance(b, d) - distance(a, b) - distance(c, d);
  }

  private static void reverse(int[] r, int i, int k) {
    for (; i < k; i++, k--) {
      int t = r[i];
      r[i] = r[k];
      r[k] = t;
    }
  }

  private double length(int[] round) {
    double total = 0;
    for (int i = 0; i < round.length; i++) {
      total += distance(round[i], round[(i + 1) % round.length]);
    }
    return total;
  }

  private double distance(int a, int b) {
    double dx = x[a] - x[b];
    double dy = y[a] - y[b];
    return Math.sqrt(dx * dx + dy * dy);
  }
}
