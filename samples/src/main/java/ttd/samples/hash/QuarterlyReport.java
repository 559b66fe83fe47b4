package ttd.samples.hash;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A quarterly cost-allocation report: headquarters' costs are overhead and are charged to the
 * operating departments by headcount; the report's net income is then reconciled against the
 * ledger.
 *
 * <p>Bug: the departments are kept in a {@code HashSet<Department>} and the code assumes the first
 * department it iterates is headquarters ("the ledger export lists it first"). {@code Department}
 * does not override {@code hashCode}, so iteration follows identity hash codes (and the order in
 * which the {@code Map.of} ledger handed them out), not the order of the export. When a revenue-earning department comes first, it is treated as overhead, its revenue
 * drops out of the report and the reconciliation fails (exit code 3). A cost centre coming first
 * gives a silently wrong allocation that still reconciles.
 */
public final class QuarterlyReport {

    private QuarterlyReport() {
    }

    /** A department's quarter figures, in whole euros. Identity semantics: no equals/hashCode. */
    static final class Department {
        final String name;
        final long revenue;
        final long cost;
        final int headcount;

        Department(String name, long revenue, long cost, int headcount) {
            this.name = name;
            this.revenue = revenue;
            this.cost = cost;
            this.headcount = headcount;
        }
    }

    /** The ledger export for the quarter. */
    private static final Map<String, Department> LEDGER = Map.of(
            "Headquarters", new Department("Headquarters", 0, 480_000, 14),
            "Facilities", new Department("Facilities", 0, 152_000, 6),
            "Legal", new Department("Legal", 0, 98_500, 3),
            "Sales", new Department("Sales", 1_240_000, 410_000, 22),
            "Engineering", new Department("Engineering", 356_000, 690_000, 31),
            "Support", new Department("Support", 212_500, 175_000, 11));

    public static void main(String[] args) {
        System.out.println("Q3 ledger:");
        long ledgerNet = 0;
        for (Department d : LEDGER.values()) {
            System.out.println("  " + d.name + ": revenue " + d.revenue + ", cost " + d.cost
                    + ", headcount " + d.headcount);
            ledgerNet += d.revenue - d.cost;
        }

        Set<Department> departments = new HashSet<>(LEDGER.values());
        Department hq = departments.iterator().next(); // the ledger export lists headquarters first
        List<Department> operating = new ArrayList<>(departments);
        operating.remove(hq);
        int operatingHeadcount = 0;
        for (Department d : operating) {
            operatingHeadcount += d.headcount;
        }

        System.out.println("allocating " + hq.name + " overhead " + hq.cost + " by headcount:");
        long allocated = 0;
        long reportNet = 0;
        for (int i = 0; i < operating.size(); i++) {
            Department d = operating.get(i);
            long share = i == operating.size() - 1
                    ? hq.cost - allocated
                    : hq.cost * d.headcount / operatingHeadcount;
            allocated += share;
            long net = d.revenue - d.cost - share;
            reportNet += net;
            System.out.println("  " + d.name + ": overhead " + share + ", net " + net);
        }

        System.out.println("report net income " + reportNet + ", ledger net income " + ledgerNet);
        if (reportNet != ledgerNet) {
            System.err.println("reconciliation failed: report net income " + reportNet
                    + " differs from ledger net income " + ledgerNet + " by " + (ledgerNet - reportNet));
            System.exit(3);
        }
        System.out.println("EXIT-SUCCESS");
    }
}
