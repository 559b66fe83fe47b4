package ttd.samples.concurrency;

import java.util.Hashtable;
import java.util.Map;

/**
 * Branch threads write to one audit journal: a {@code StringBuffer} (each append is synchronized,
 * but a line takes several appends, so lines from different threads can tear into each other),
 * a {@code Hashtable} of counters and {@code System.out}. All of them first touch {@link Ledger},
 * whose slow static initialiser the JVM runs once while the other threads wait for it. The
 * journal's torn lines are the bug; the counts are right.
 */
public final class AuditJournal {

  private static final StringBuffer JOURNAL = new StringBuffer();
  private static final Map<String, Integer> COUNTS = new Hashtable<>();

  /** Reference data loaded once, in a static initialiser that takes a while. */
  static final class Ledger {
    static final long[] LIMITS = new long[64];

    static {
      for (int i = 0; i < LIMITS.length; i++) {
        long v = i;
        for (int k = 0; k < 2_000; k++) {
          v = (v * 6364136223846793005L + 1442695040888963407L) >>> 1;
        }
        LIMITS[i] = 1_000 + v % 9_000;
      }
    }

    private Ledger() {}
  }

  /** One journal entry; its text is built by the StringBuffer's own append(Object). */
  static final class Entry {
    final String branch;
    final int seq;

    Entry(String branch, int seq) {
      this.branch = branch;
      this.seq = seq;
    }

    @Override
    public String toString() {
      return branch + "#" + seq + " limit=" + Ledger.LIMITS[seq % Ledger.LIMITS.length];
    }
  }

  private AuditJournal() {}

  public static void main(String[] args) throws InterruptedException {
    Thread[] branches = new Thread[3];
    for (int b = 0; b < branches.length; b++) {
      String name = "branch-" + (char) ('A' + b);
      branches[b] = new Thread(() -> audit(name), name);
      branches[b].start();
    }
    for (Thread t : branches) {
      t.join();
    }
    String[] lines = JOURNAL.toString().split("\n");
    int torn = 0;
    for (String line : lines) {
      if (!line.matches("\\[branch-.\\] branch-.#\\d+ limit=\\d+")) {
        torn++;
      }
    }
    System.out.println("journal lines: " + lines.length + ", torn: " + torn);
    System.out.println("counts: " + new java.util.TreeMap<>(COUNTS));
    System.out.println("journal checksum: " + Integer.toHexString(JOURNAL.toString().hashCode()));
  }

  private static void audit(String branch) {
    for (int i = 0; i < 200; i++) {
      Entry e = new Entry(branch, i);
      JOURNAL.append('[').append(branch).append("] ");
      JOURNAL.append(e).append('\n');
      COUNTS.merge(branch, 1, Integer::sum);
      if (i % 50 == 0) {
        System.out.println(branch + " at " + i);
      }
    }
  }
}
