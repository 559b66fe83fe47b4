package ttd.samples.concurrency;

/**
 * Two tellers move money between the same two accounts in opposite directions. Each locks the
 * source account, writes an audit line (slow), then locks the destination: teller 1 holds A and
 * waits for B while teller 2 holds B and waits for A. The program hangs; under ttd the deadlock is
 * reported with the threads and locks involved.
 */
public final class TransferDeadlock {

  /** A bank account; transfers lock it. */
  static final class Account {
    final String id;
    long balance;

    Account(String id, long balance) {
      this.id = id;
      this.balance = balance;
    }
  }

  private TransferDeadlock() {}

  public static void main(String[] args) throws InterruptedException {
    Account a = new Account("A", 1_000);
    Account b = new Account("B", 1_000);
    Thread t1 = new Thread(() -> transfer(a, b, 100), "teller-1");
    Thread t2 = new Thread(() -> transfer(b, a, 50), "teller-2");
    t1.start();
    t2.start();
    t1.join();
    t2.join();
    System.out.println("balances: A=" + a.balance + " B=" + b.balance);
  }

  private static void transfer(Account from, Account to, long amount) {
    synchronized (from) {
      audit("debit " + from.id + " " + amount);
      synchronized (to) {
        from.balance -= amount;
        to.balance += amount;
        audit("credit " + to.id + " " + amount);
      }
    }
  }

  private static void audit(String line) {
    System.out.println(Thread.currentThread().getName() + ": " + line);
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
