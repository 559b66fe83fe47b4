package ttd.bench;

import java.lang.management.ManagementFactory;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The virtual-thread child workload of the scheduler benchmark (issue 16's figure): a
 * virtual-thread-per-task executor runs {@code args[0]} tasks (default ten thousand), each of which
 * sleeps 0 to 2 ms, takes a shared {@code ReentrantLock} and a monitor and adds to an atomic
 * counter: the shape of a server that gives each request a virtual thread. On a JDK without
 * virtual threads it runs the tasks on a cached pool of platform threads instead (the executor
 * is looked up by reflection so that the module builds for release 17).
 *
 * <p>Prints the time from the first submit to the last task's end ({@code loop-ns}), the
 * process's CPU time over the same span ({@code cpu-ns}: per-thread CPU time is not kept for
 * virtual threads) and a checksum that depends on every task, not on their order.
 */
public final class VirtualThreadWorkload {

  /** Tasks when no argument is given. */
  public static final int DEFAULT_TASKS = 10_000;

  private static final Object MONITOR = new Object();
  private static final ReentrantLock LOCK = new ReentrantLock();
  private static final AtomicLong ATOMIC = new AtomicLong();
  private static long monitorSum;
  private static long lockSum;

  private VirtualThreadWorkload() {}

  public static void main(String[] args) throws Exception {
    int tasks = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_TASKS;
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpuStart = os.getProcessCpuTime();
    long start = System.nanoTime();
    ExecutorService pool = virtualOrCached();
    for (int i = 0; i < tasks; i++) {
      int k = i;
      pool.submit(() -> {
        Thread.sleep(k % 3);
        synchronized (MONITOR) {
          monitorSum += k & 0xFF;
        }
        LOCK.lock();
        try {
          lockSum += k & 0xF;
        } finally {
          LOCK.unlock();
        }
        ATOMIC.addAndGet(k & 0x3);
        return null;
      });
    }
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.HOURS);
    System.out.println(ClockLoopWorkload.LOOP_KEY + " " + (System.nanoTime() - start));
    System.out.println(LockWorkload.CPU_KEY + " " + (os.getProcessCpuTime() - cpuStart));
    System.out.println("tasks " + tasks + " monitor " + monitorSum + " lock " + lockSum + " atomic " + ATOMIC.get());
  }

  private static ExecutorService virtualOrCached() {
    try {
      return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    } catch (ReflectiveOperationException e) {
      return Executors.newCachedThreadPool();
    }
  }
}
