package ttd.samples.concurrency;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A producer feeds orders through a bounded queue to two packers and then raises a "done" flag.
 * A packer stops as soon as it sees the flag, without draining the queue: if the last order is
 * still queued at that moment, it is never packed. The summary counts the packed orders.
 */
public final class OrderFeed {

  private static final int ORDERS = 60;
  private static final BlockingQueue<Integer> QUEUE = new ArrayBlockingQueue<>(4);
  private static final AtomicInteger PACKED = new AtomicInteger();
  private static volatile boolean done;

  private OrderFeed() {}

  public static void main(String[] args) throws InterruptedException {
    Thread[] packers = {new Thread(OrderFeed::pack, "packer-a"), new Thread(OrderFeed::pack, "packer-b")};
    for (Thread p : packers) {
      p.start();
    }
    for (int order = 1; order <= ORDERS; order++) {
      QUEUE.put(order);
    }
    done = true;
    for (Thread p : packers) {
      p.join();
    }
    System.out.println("orders packed: " + PACKED.get() + " of " + ORDERS
        + (QUEUE.isEmpty() ? "" : ", left in the queue: " + QUEUE));
  }

  private static void pack() {
    try {
      while (!done) { // the bug: orders still queued when done is raised are never packed
        Integer order = QUEUE.poll(5, TimeUnit.MILLISECONDS);
        if (order != null) {
          PACKED.incrementAndGet();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
