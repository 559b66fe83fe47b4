package ttd.bench.reverse;

/**
 * The program the IDE-like attach session of {@link JdwpBench} debugs: an account object with a
 * few fields takes deposits (each stamped with {@code System.nanoTime()}, so a recording has
 * events), then {@link Account#audit} runs a few plain lines where the session stops, reads the
 * frames, the locals and {@code this}'s fields, renders {@code this} with {@code toString()} and
 * steps over each line.
 */
public final class AttachWorkload {

  private AttachWorkload() {}

  /** What the debugger looks at: a string, numbers and an array, as an IDE's variables view shows them. */
  static final class Account {
    final String owner;
    long balance;
    final long[] stamps = new long[8];
    int deposits;

    Account(String owner) {
      this.owner = owner;
    }

    void deposit(long cents) {
      balance += cents;
      stamps[deposits++ % stamps.length] = System.nanoTime();
    }

    long audit(long limit) {
      long over = balance - limit;
      long fee = over > 0 ? over / 100 : 0;
      int checked = deposits;
      long last = stamps[(checked - 1) % stamps.length];
      long total = balance - fee;
      return total + (last & 1);
    }

    @Override
    public String toString() {
      return "Account[" + owner + ", balance=" + balance + ", deposits=" + deposits + "]";
    }
  }

  public static void main(String[] args) {
    Account account = new Account("ada");
    for (int i = 1; i <= 20; i++) {
      account.deposit(i * 125L);
    }
    System.out.println("audited " + account.audit(10_000));
  }
}
