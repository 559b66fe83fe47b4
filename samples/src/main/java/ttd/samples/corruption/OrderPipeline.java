package ttd.samples.corruption;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A 300-step order-processing pipeline over a day's web-shop orders: step 1 loads the orders,
 * step 2 prices them, step 3 runs the "lucky order" promotion (a randomly chosen order gets a
 * fixed-amount voucher and is paid with it), steps 4-299 apply the day's amendments (extra items,
 * shipping, loyalty rebates) to the still-open orders, and step 300 audits the invoices.
 *
 * <p>Bug: {@link Order#applyDiscount(long)} subtracts the voucher without capping it at the order
 * total. When the promotion picks an order smaller than the voucher, that one order's
 * {@code total} field becomes negative at step 3, and nothing notices until the invoice audit at
 * step 300 throws {@link IllegalStateException}. Which order is picked comes from an unseeded
 * {@link Random}.
 */
public final class OrderPipeline {

    private OrderPipeline() {
    }

    /** One order; totals are in cents. */
    static final class Order {
        final int id;
        final String customer;
        long total;
        boolean open = true;

        Order(int id, String customer) {
            this.id = id;
            this.customer = customer;
        }

        void setTotal(long cents) {
            this.total = cents;
        }

        void addCharge(long cents) {
            this.total = total + cents;
        }

        void applyDiscount(long amountOffCents) {
            this.total = total - amountOffCents;
        }

        @Override
        public String toString() {
            return "Order#" + id + "[" + customer + ", total=" + total + ", " + (open ? "open" : "paid") + "]";
        }
    }

    private static final String[] CUSTOMERS = {"ada", "bo", "cy", "dee", "eli", "fay", "gus", "hal"};
    private static final long[] CATALOG_CENTS = {499, 1250, 899, 3999, 2450, 650, 7999};
    private static final long VOUCHER_CENTS = 2000;
    private static final int STEPS = 300;

    public static void main(String[] args) {
        List<Order> orders = new ArrayList<>();
        Random promotion = new Random();
        for (int step = 1; step <= STEPS; step++) {
            if (step == 1) {
                for (int i = 1; i <= 30; i++) {
                    orders.add(new Order(i, CUSTOMERS[(i * 5) % CUSTOMERS.length]));
                }
                System.out.println("step 1: loaded " + orders.size() + " orders");
            } else if (step == 2) {
                for (Order order : orders) {
                    long item = CATALOG_CENTS[(order.id * 3) % CATALOG_CENTS.length];
                    long quantity = 1 + (order.id % 4 == 0 ? 2 : 0);
                    order.setTotal(item * quantity);
                }
                System.out.println("step 2: priced " + orders.size() + " orders");
            } else if (step == 3) {
                Order lucky = orders.get(promotion.nextInt(orders.size()));
                lucky.applyDiscount(VOUCHER_CENTS);
                lucky.open = false;
                System.out.println("step 3: lucky order promotion: " + VOUCHER_CENTS + " cents off " + lucky);
            } else if (step < STEPS) {
                amend(orders.get((step * 7) % orders.size()), step);
            } else {
                System.out.println("step " + step + ": auditing invoices");
                audit(orders);
            }
            if (step % 100 == 0 && step < STEPS) {
                System.out.println("step " + step + ": amendments applied");
            }
        }
        System.out.println("EXIT-SUCCESS");
    }

    /** One of the day's amendments to an open order. */
    private static void amend(Order order, int step) {
        if (!order.open) {
            return;
        }
        switch (step % 3) {
            case 0:
                order.addCharge(CATALOG_CENTS[step % CATALOG_CENTS.length]);
                break;
            case 1:
                order.addCharge(order.total >= 5000 ? 0 : 495);
                break;
            default:
                long rebate = order.total / 100;
                order.setTotal(order.total - rebate);
                break;
        }
    }

    /** Issues invoices; an invoice must never be negative. */
    private static void audit(List<Order> orders) {
        long revenue = 0;
        for (Order order : orders) {
            if (order.total < 0) {
                throw new IllegalStateException("order #" + order.id + " has negative total " + order.total);
            }
            revenue += order.total;
        }
        System.out.println("invoiced " + orders.size() + " orders, revenue " + revenue + " cents");
    }
}
