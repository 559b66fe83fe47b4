package ttd.samples.env;

import java.net.InetAddress;
import java.util.Map;
import java.util.TreeMap;

/**
 * A service's start-up banner: it reads its configuration from the environment, system
 * properties and the machine (processors, heap, host name, its pid), prints it, and plans its worker pool:
 * how many workers, how much heap and how many of the start-up jobs each one gets.
 *
 * <p>Bug: in the default {@code balanced} mode the pool is sized as {@code processors / 4} (to
 * leave three quarters of the cores to request threads), which is 0 on a machine with fewer than
 * four processors; planning the per-worker heap then divides by zero ({@link ArithmeticException}).
 * It works on big machines, with {@code TTD_SAMPLE_MODE=single} or {@code throughput}, or with
 * {@code -XX:ActiveProcessorCount=4} or more.
 */
public final class ConfigBanner {

    private ConfigBanner() {
    }

    private static final int STARTUP_JOBS = 120;

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown-host";
        }
    }

    private static int workerCount(String mode, int processors) {
        switch (mode) {
            case "single":
                return 1;
            case "throughput":
                return processors;
            default:
                return processors / 4;
        }
    }

    public static void main(String[] args) {
        String home = System.getenv("HOME");
        String mode = System.getenv("TTD_SAMPLE_MODE");
        if (mode == null || mode.isBlank()) {
            mode = "balanced";
        }
        String user = System.getProperty("user.name", "nobody");
        Map<String, String> environment = System.getenv();
        Map<String, String> ttdSettings = new TreeMap<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            if (e.getKey().startsWith("TTD_")) {
                ttdSettings.put(e.getKey(), e.getValue());
            }
        }
        Runtime runtime = Runtime.getRuntime();
        int processors = runtime.availableProcessors();
        long maxMemoryMb = runtime.maxMemory() / (1024 * 1024);

        System.out.println("== sample service ==");
        System.out.println("user " + user + " on " + hostName() + ", pid " + ProcessHandle.current().pid()
                + ", home " + (home == null ? "(unset)" : home));
        System.out.println("environment: " + environment.size() + " variables, ttd settings " + ttdSettings);
        System.out.println("machine: " + processors + " processors, max heap " + maxMemoryMb + " MB");
        System.out.println("mode: " + mode);

        int workers = workerCount(mode, processors);
        long heapPerWorkerMb = maxMemoryMb / 2 / workers;
        int jobsPerWorker = (STARTUP_JOBS + workers - 1) / workers;
        System.out.println("worker pool: " + workers + " workers, " + heapPerWorkerMb + " MB heap and "
                + jobsPerWorker + " start-up jobs each");
        System.out.println("EXIT-SUCCESS");
    }
}
