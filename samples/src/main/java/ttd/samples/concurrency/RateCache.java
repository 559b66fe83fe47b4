package ttd.samples.concurrency;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Exchange rates loaded lazily into a cache that several quote threads share. The cache checks,
 * then loads, then puts, without a lock: two threads that miss at the same time both call the
 * (expensive, rate-limited) rate service. The report says how often the service was called.
 */
public final class RateCache {

  private static final String[] CURRENCIES = {"EUR", "GBP", "JPY", "CHF"};
  private static final Map<String, Double> RATES = new HashMap<>();
  private static final AtomicInteger SERVICE_CALLS = new AtomicInteger();

  private RateCache() {}

  public static void main(String[] args) throws InterruptedException {
    Thread[] quoters = new Thread[3];
    double[] totals = new double[quoters.length];
    for (int q = 0; q < quoters.length; q++) {
      int id = q;
      quoters[q] = new Thread(() -> totals[id] = quote(id), "quoter-" + q);
      quoters[q].start();
    }
    for (Thread t : quoters) {
      t.join();
    }
    for (int q = 0; q < quoters.length; q++) {
      System.out.printf("quoter-%d total %.4f%n", q, totals[q]);
    }
    System.out.println("rate service calls: " + SERVICE_CALLS.get() + " (one per currency expected: "
        + CURRENCIES.length + ")");
  }

  private static double quote(int quoter) {
    double total = 0;
    for (int i = 0; i < 40; i++) {
      total += 100 * rate(CURRENCIES[(i + quoter) % CURRENCIES.length]);
    }
    return total;
  }

  private static double rate(String currency) {
    Double cached;
    synchronized (RATES) {
      cached = RATES.get(currency);
    }
    if (cached == null) { // the race: another thread may be loading the same rate right now
      double loaded = loadFromService(currency);
      synchronized (RATES) {
        RATES.put(currency, loaded);
      }
      return loaded;
    }
    return cached;
  }

  private static double loadFromService(String currency) {
    SERVICE_CALLS.incrementAndGet();
    double rate = 1.0;
    for (int round = 0; round < 2_000; round++) { // a remote call: slow, and the cache is open meanwhile
      for (char c : currency.toCharArray()) {
        rate = (rate * 1.01 + c / 1000.0) % 10;
      }
    }
    return rate;
  }
}
