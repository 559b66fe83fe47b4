package ttd.samples.concurrency;

import java.util.List;

/**
 * The last seats of a concert, sold by three box-office windows at once. A sale checks that enough
 * seats are left, charges the buyer, then takes the seats, without a lock: two windows can both
 * see the last seats free, both charge, and both take them. The concert is then oversold and the
 * night's audit fails. Usually the windows take turns well enough; record it with {@code chaos}
 * until the audit fails.
 */
public final class BoxOffice {

  private static final int SEATS = 40;
  private static final int WINDOWS = 3;
  private static final String CARD = "4539578763621486";
  private static final List<Integer> QUEUE = List.of(2, 1, 2, 2, 1, 3, 1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 2);

  private BoxOffice() {}

  /** One concert's seats and takings. */
  static final class Concert {
    private final String name;
    private int seatsLeft;
    private long takings;

    Concert(String name, int seats) {
      this.name = name;
      this.seatsLeft = seats;
    }

    /** Sells {@code seats} seats if that many are left. */
    boolean sell(int seats) {
      if (seatsLeft < seats) {
        return false;
      }
      long price = charge(seats, CARD);
      seatsLeft = seatsLeft - seats; // the race: another window may have taken seats since the check
      takings += price;
      return true;
    }

    /**
     * The card payment: the card number is checked (Luhn), then charged the price of each seat by
     * row, plus the booking fee on the first.
     */
    private static long charge(int seats, String card) {
      int sum = 0;
      for (int i = 0; i < card.length(); i++) {
        int digit = card.charAt(card.length() - 1 - i) - '0';
        if (i % 2 == 1) {
          digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
        }
        sum += digit;
      }
      if (sum % 10 != 0) {
        throw new IllegalArgumentException("card declined");
      }
      long cents = 0;
      for (int i = 0; i < seats; i++) {
        int row = 1 + i % 12;
        cents += row <= 4 ? 6_000 : row <= 8 ? 4_500 : 3_000;
        if (i == 0) {
          cents += 500;
        }
      }
      return cents;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Concert concert = new Concert("Night Shift", SEATS);
    int[] sold = new int[WINDOWS];
    Thread[] windows = new Thread[WINDOWS];
    for (int w = 0; w < WINDOWS; w++) {
      int window = w;
      windows[w] = new Thread(() -> sold[window] = serve(concert, QUEUE), "window-" + (w + 1));
      windows[w].start();
    }
    int total = 0;
    for (int w = 0; w < WINDOWS; w++) {
      windows[w].join();
      System.out.println("window-" + (w + 1) + " sold " + sold[w] + " seats");
      total += sold[w];
    }
    audit(concert, total);
  }

  /** Serves a window's queue: every booking that still fits is sold. */
  private static int serve(Concert concert, List<Integer> queue) {
    int sold = 0;
    for (int seats : queue) {
      if (concert.sell(seats)) {
        sold += seats;
      }
    }
    return sold;
  }

  private static void audit(Concert concert, int sold) {
    System.out.println(concert.name + ": " + sold + " seats sold, " + concert.seatsLeft + " left, takings "
        + concert.takings / 100 + "." + String.format("%02d", concert.takings % 100));
    if (concert.seatsLeft < 0) {
      throw new IllegalStateException(concert.name + " is oversold by " + -concert.seatsLeft + " seats");
    }
  }
}
