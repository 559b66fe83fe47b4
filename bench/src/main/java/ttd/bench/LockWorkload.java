package ttd.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lock-heavy child workload of the scheduler benchmark: four threads take a shared monitor,
 * a shared {@code ReentrantLock} and an atomic counter in a loop, with a little work inside each
 * critical section, so that threads really contend when they run in parallel.
 *
 * <p>It prints the time from the first start to the last join ({@code loop-ns}, without JVM and
 * agent start-up; a replay prints the recorded value), the CPU time the four threads used
 * between their first and last iteration ({@code cpu-ns}, from {@link ThreadMXBean}: what the
 * scheduler costs the threads themselves, whatever else the machine runs) and a checksum that depends on every update (and not on the interleaving), so a
 * replay has output to match and the loops cannot be optimised away.
 */
public final class LockWorkload {

  /**
   * Iterations per thread when no argument is given: about 1 s of the threads' own time plain on
   * JDK 17 on the team's machines (3 million took 0.41 s at a load average of 7; JDK 25 runs it
   * about twice as fast), so that the JVM's wall time is not mostly ttd's start-up.
   */
  public static final int DEFAULT_ITERATIONS = 8_000_000;

  /** The line prefix of the threads' summed CPU time in this workload's output. */
  public static final String CPU_KEY = "cpu-ns";

  private static final Object MONITOR = new Object();
  private static final ReentrantLock LOCK = new ReentrantLock();
  private static final AtomicLong ATOMIC = new AtomicLong();
  private static long monitorSum;
  private static long lockSum;
  private static final AtomicLong CPU = new AtomicLong();
  private static ThreadMXBean mx;

  private LockWorkload() {}

  public static void main(String[] args) throws InterruptedException {
    int iterations = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_ITERATIONS;
    mx = ManagementFactory.getThreadMXBean();
    long start = System.nanoTime();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int id = t;
      Thread thread = new Thread(() -> work(id, iterations), "worker-" + t);
      threads.add(thread);
      thread.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    System.out.println(ClockLoopWorkload.LOOP_KEY + " " + (System.nanoTime() - start));
    System.out.println(CPU_KEY + " " + CPU.get());
    System.out.println("monitor " + monitorSum + " lock " + lockSum + " atomic " + ATOMIC.get());
  }

  private static void work(int id, int iterations) {
    long cpuStart = mx.getCurrentThreadCpuTime();
    loop(id, iterations);
    CPU.addAndGet(mx.getCurrentThreadCpuTime() - cpuStart);
  }

  private static void loop(int id, int iterations) {
    for (int i = 0; i < iterations; i++) {
      long v = mix(id, i);
      synchronized (MONITOR) {
        monitorSum += v & 0xFF;
      }
      LOCK.lock();
      try {
        lockSum += v & 0xF;
      } finally {
        LOCK.unlock();
      }
      ATOMIC.addAndGet(v & 0x3);
    }
  }

  private static long mix(int id, int i) {
    long v = id * 0x9E3779B97F4A7C15L + i;
    v ^= v >>> 31;
    return v * 0xBF58476D1CE4E5B9L;
  }
}
