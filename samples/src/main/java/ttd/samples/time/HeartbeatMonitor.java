package ttd.samples.time;

import java.util.concurrent.TimeUnit;

/**
 * A liveness monitor: it polls a service's heartbeat once a second, ten times, measures the
 * interval between beats with {@link System#nanoTime()} and raises an alert when a beat is late.
 * Sleeping ten seconds in total, it is the sample that proves a replay does not really sleep.
 *
 * <p>Bug: the grace period is configured in seconds but added to the period in milliseconds
 * ({@code PERIOD_MS + GRACE_SECONDS}), so a beat counts as missed when it is more than 2 ms late
 * instead of 2 s. It only trips when scheduling jitter delays a wake-up by a few milliseconds, and
 * then the monitor pages for a healthy service and exits with status 2.
 */
public final class HeartbeatMonitor {

    private HeartbeatMonitor() {
    }

    private static final long PERIOD_MS = 1000;
    private static final long GRACE_SECONDS = 2; // a beat may be this late before anyone is paged
    private static final int CHECKS = 10;

    /** The monitored service: it beats whenever it is polled. */
    static final class Service {
        private long lastBeatNanos;
        private int beats;

        long heartbeat() {
            beats++;
            lastBeatNanos = System.nanoTime();
            return lastBeatNanos;
        }

        int beats() {
            return beats;
        }
    }

    private static String describe(int check, long intervalNanos, long thresholdNanos) {
        long intervalMs = Math.round(intervalNanos / 1_000_000.0);
        String verdict = intervalNanos > thresholdNanos ? "LATE" : "ok";
        return "check " + check + ": interval " + intervalMs + " ms " + verdict;
    }

    public static void main(String[] args) throws InterruptedException {
        long thresholdNanos = TimeUnit.MILLISECONDS.toNanos(PERIOD_MS + GRACE_SECONDS);
        System.out.println("monitoring service: " + CHECKS + " checks every " + PERIOD_MS
                + " ms, grace " + GRACE_SECONDS + " s");
        // warm up the report path so that the first interval measures only the wait
        String baseline = describe(0, 0, thresholdNanos);

        Service service = new Service();
        long previous = service.heartbeat();
        System.out.println(baseline);
        int missed = 0;
        long longest = 0;
        for (int check = 1; check <= CHECKS; check++) {
            Thread.sleep(PERIOD_MS);
            long beat = service.heartbeat();
            long interval = beat - previous;
            previous = beat;
            longest = Math.max(longest, interval);
            System.out.println(describe(check, interval, thresholdNanos));
            if (interval > thresholdNanos) {
                missed++;
            }
        }
        System.out.println(service.beats() + " beats, longest interval "
                + Math.round(longest / 1_000_000.0) + " ms");
        if (missed > 0) {
            System.err.println("ALERT: service missed " + missed + " heartbeat(s); longest interval "
                    + Math.round(longest / 1_000_000.0) + " ms exceeds "
                    + TimeUnit.NANOSECONDS.toMillis(thresholdNanos) + " ms");
            System.exit(2);
        }
        System.out.println("EXIT-SUCCESS");
    }
}
