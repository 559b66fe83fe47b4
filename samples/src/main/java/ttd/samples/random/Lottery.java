package ttd.samples.random;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * An office raffle: colleagues buy numbered tickets (numbered from 1, as printed on the stubs,
 * each with a UUID receipt id), the numbers go into a drum that is shuffled with an unseeded
 * {@link Random}, and the first three numbers out of the drum win the prizes.
 *
 * <p>Bug: the drawn ticket <em>number</em> (1-based) is used directly as an index into the
 * 0-based list of sold tickets. Every prize silently goes to the holder of the next ticket, and
 * when the highest ticket number is among the winners the lookup runs off the end of the list
 * ({@link IndexOutOfBoundsException}). With 8 tickets and 3 prizes that is 3 draws in 8.
 */
public final class Lottery {

    private Lottery() {
    }

    /** One sold ticket. */
    static final class Ticket {
        final int number;
        final String holder;
        final UUID receipt;

        Ticket(int number, String holder, UUID receipt) {
            this.number = number;
            this.holder = holder;
            this.receipt = receipt;
        }

        @Override
        public String toString() {
            return "#" + number + " (" + holder + ", receipt " + receipt.toString().substring(0, 8) + ")";
        }
    }

    private static final String[] PRIZES = {"weekend trip", "headphones", "coffee voucher"};

    /** Sells {@code count} consecutive tickets to one holder. */
    private static void sell(List<Ticket> sold, String holder, int count) {
        for (int i = 0; i < count; i++) {
            int number = sold.size() + 1;
            sold.add(new Ticket(number, holder, UUID.randomUUID()));
        }
    }

    public static void main(String[] args) {
        List<Ticket> sold = new ArrayList<>();
        sell(sold, "Ana", 2);
        sell(sold, "Ben", 1);
        sell(sold, "Chloe", 3);
        sell(sold, "Dev", 1);
        sell(sold, "Eva", 1);
        System.out.println("tickets sold: " + sold.size());
        for (Ticket ticket : sold) {
            System.out.println("  " + ticket);
        }

        List<Integer> drum = new ArrayList<>();
        for (Ticket ticket : sold) {
            drum.add(ticket.number);
        }
        Collections.shuffle(drum, new Random());
        List<Integer> drawn = drum.subList(0, PRIZES.length);
        System.out.println("numbers drawn: " + drawn);

        for (int prize = 0; prize < PRIZES.length; prize++) {
            int number = drawn.get(prize);
            Ticket winner = sold.get(number); // ticket numbers start at 1
            System.out.println(PRIZES[prize] + ": ticket #" + number + " -> " + winner.holder);
        }
        System.out.println("EXIT-SUCCESS");
    }
}
