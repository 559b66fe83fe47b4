package ttd.compat.scheduling;

import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** A scheduled executor with fixed-rate, fixed-delay and one-shot tasks, cancelled after a while. */
public class ScheduledTicker {
  public static void main(String[] args) throws Exception {
    ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
    List<String> ticks = Collections.synchronizedList(new ArrayList<>());
    long start = System.nanoTime();
    CountDownLatch enough = new CountDownLatch(10);
    ScheduledFuture<?> rate = scheduler.scheduleAtFixedRate(() -> {
      ticks.add("rate " + (System.nanoTime() - start) / 10_000_000 + " " + Thread.currentThread().getName());
      enough.countDown();
    }, 0, 20, TimeUnit.MILLISECONDS);
    ScheduledFuture<?> delay = scheduler.scheduleWithFixedDelay(
        () -> ticks.add("delay " + LocalTime.now().getNano() % 1000 + " " + Thread.currentThread().getName()),
        5, 35, TimeUnit.MILLISECONDS);
    ScheduledFuture<String> once = scheduler.schedule(() -> "once at " + System.currentTimeMillis() % 100_000, 50,
        TimeUnit.MILLISECONDS);
    System.out.println(once.get());
    System.out.println("enough " + enough.await(10, TimeUnit.SECONDS));
    rate.cancel(false);
    delay.cancel(false);
    scheduler.shutdown();
    System.out.println("terminated " + scheduler.awaitTermination(5, TimeUnit.SECONDS));
    synchronized (ticks) {
      ticks.forEach(System.out::println);
    }
  }
}
