package ttd.samples.concurrency;

import java.util.ArrayList;
import java.util.List;

/**
 * A page-visit counter shared by request threads: {@code visits++} is a read, an add and a write,
 * so two threads can read the same value and one increment is lost. Usually the total is right;
 * now and then it is short (the bug). Run it with {@code -javaagent:ttd.jar=chaos} until it is.
 */
public final class VisitCounter {

  private static final int THREADS = 4;
  private static final int VISITS_PER_THREAD = 2_000;

  private static int visits;

  private VisitCounter() {}

  public static void main(String[] args) throws InterruptedException {
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      Thread t = new Thread(VisitCounter::serveRequests, "request-" + i);
      workers.add(t);
      t.start();
    }
    for (Thread t : workers) {
      t.join();
    }
    int expected = THREADS * VISITS_PER_THREAD;
    System.out.println("visits counted: " + visits + " of " + expected);
    if (visits != expected) {
      System.out.println("LOST " + (expected - visits) + " visits");
    }
  }

  private static void serveRequests() {
    for (int i = 0; i < VISITS_PER_THREAD; i++) {
      visits++;
    }
  }
}
