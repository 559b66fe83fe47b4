package ttd.bench;

import java.util.Arrays;
import java.util.Collection;

/**
 * The median, minimum and maximum of a handful of samples: the only statistics the report uses.
 *
 * <p>Medians, not means: with five child JVMs on a small shared machine one run disturbed by a
 * build or a GC pause would otherwise move the figure. The median of an even count is the mean
 * of the two middle samples.
 *
 * @param n how many samples there were (0 makes every figure NaN)
 */
record Stats(double median, double min, double max, int n) {

  static final Stats EMPTY = new Stats(Double.NaN, Double.NaN, Double.NaN, 0);

  static Stats of(Collection<Double> samples) {
    double[] v = samples.stream().filter(d -> !Double.isNaN(d)).mapToDouble(Double::doubleValue)
        .toArray();
    if (v.length == 0) {
      return EMPTY;
    }
    Arrays.sort(v);
    int mid = v.length / 2;
    double median = v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    return new Stats(median, v[0], v[v.length - 1], v.length);
  }

  boolean empty() {
    return n == 0;
  }

  /** This median divided by {@code base}'s, NaN when either is missing. */
  double ratioTo(Stats base) {
    return empty() || base.empty() || base.median == 0 ? Double.NaN : median / base.median;
  }

  /** This median minus {@code base}'s, NaN when either is missing. */
  double minus(Stats base) {
    return empty() || base.empty() ? Double.NaN : median - base.median;
  }
}
