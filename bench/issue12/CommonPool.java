import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
public class CommonPool {
  public static void main(String[] a) throws Exception {
    ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>();
    AtomicInteger done = new AtomicInteger();
    for (int i = 0; i < 20000; i++) {
      int k = ThreadLocalRandom.current().nextInt(500);
      m.merge(k, 1, Integer::sum);
      if (i % 50 == 0) ForkJoinPool.commonPool().execute(() -> { m.keySet().removeIf(x -> x % 7 == 0); done.incrementAndGet(); });
    }
    ForkJoinPool.commonPool().awaitQuiescence(10, TimeUnit.SECONDS);
    System.out.println("size " + m.size() + " tasks " + done.get());
  }
}