package ttd.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One child program the harness runs plain, recorded and replayed: its main class in this
 * module, its arguments, and what the report should say about it.
 *
 * <p>The workloads isolate the costs of ttd: instrumentation on code that captures nothing
 * ({@code cpu}), the cost of each captured event ({@code clock}), of captured randomness ({@code
 * uuid}: {@code SecureRandom} behind {@code UUID.randomUUID}), of weak references ({@code weak}:
 * the referents ttd holds), what the agent and the replay
 * launcher add to JVM start-up ({@code startup}), and captured I/O with its payload ({@code file},
 * {@code socket}, {@code http}; the last two talk to a {@link NetPeer} in the harness), and whether
 * the scheduler changes a busy server's behaviour ({@code accept}: its clients' timeouts).
 *
 * @param key the name used by {@code --only}
 * @param label the name in the report's first column
 * @param mainClass the child's main class, on the bench module's class path
 * @param args the child's arguments
 * @param loopCalls captured calls in the child's self-timed loop, or 0 when it times nothing
 * @param peer the other end of a networked child (run while it runs plain or recorded), or null
 */
record Workload(
    String key, String label, String mainClass, List<String> args, long loopCalls, NetPeer peer) {

  static final String CPU = "cpu";
  static final String CLOCK = "clock";
  static final String UUIDS = "uuid";
  static final String STARTUP = "startup";
  static final String FILE = "file";
  static final String NIO = "nio";
  static final String SOCKET = "socket";
  static final String HTTP = "http";
  static final String WEAK = "weak";
  static final String ACCEPT = "accept";

  /** Every workload's key, in report order. */
  static final List<String> KEYS = List.of(CPU, CLOCK, UUIDS, WEAK, FILE, NIO, SOCKET, HTTP, ACCEPT, STARTUP);

  /** The size of the file the file workload reads. */
  static final long FILE_BYTES = 200L << 20;

  /** The workloads {@code --only} selects, in report order; {@code tmp} holds their inputs. */
  static List<Workload> selected(BenchOptions o, java.nio.file.Path tmp) throws java.io.IOException {
    List<Workload> all = new ArrayList<>();
    if (o.wants(CPU)) {
      all.add(
          new Workload(
              CPU,
              "cpu-bound",
              CpuBoundWorkload.class.getName(),
              List.of(Double.toString(o.cpuScale)),
              0,
              null));
    }
    if (o.wants(CLOCK)) {
      all.add(
          new Workload(
              CLOCK,
              "nanoTime x " + millions(o.clockCalls),
              ClockLoopWorkload.class.getName(),
              List.of(Integer.toString(o.clockCalls)),
              o.clockCalls,
              null));
    }
    if (o.wants(UUIDS)) {
      all.add(
          new Workload(
              UUIDS,
              "UUID x " + o.uuidCalls,
              UuidWorkload.class.getName(),
              List.of(Integer.toString(o.uuidCalls)),
              o.uuidCalls,
              null));
    }
    if (o.wants(WEAK)) {
      all.add(
          new Workload(
              WEAK,
              "WeakReference x " + millions(WeakReferenceWorkload.DEFAULT_CALLS),
              WeakReferenceWorkload.class.getName(),
              List.of(Integer.toString(WeakReferenceWorkload.DEFAULT_CALLS)),
              WeakReferenceWorkload.DEFAULT_CALLS,
              null));
    }
    if (o.wants(FILE)) {
      java.nio.file.Path input = tmp.resolve("input.bin");
      FileReadWorkload.writeInput(input, FILE_BYTES);
      all.add(
          new Workload(
              FILE,
              "read 200 MB / 8 KB",
              FileReadWorkload.class.getName(),
              List.of(input.toString()),
              FILE_BYTES / FileReadWorkload.CHUNK,
              null));
    }
    if (o.wants(SOCKET)) {
      all.add(
          new Workload(
              SOCKET,
              "socket 100 MB / 8 KB",
              SocketReadWorkload.class.getName(),
              List.of(),
              SocketReadWorkload.BYTES / FileReadWorkload.CHUNK,
              new ByteSourcePeer(SocketReadWorkload.BYTES)));
    }
    if (o.wants(HTTP)) {
      all.add(
          new Workload(
              HTTP,
              "http 10k requests",
              HttpServeWorkload.class.getName(),
              List.of(Integer.toString(HttpServeWorkload.REQUESTS)),
              HttpServeWorkload.REQUESTS,
              new HttpLoadPeer(HttpServeWorkload.REQUESTS)));
    }
    if (o.wants(ACCEPT)) {
      all.add(
          new Workload(
              ACCEPT,
              "accept " + AcceptBurstWorkload.CLIENTS + " clients",
              AcceptBurstWorkload.class.getName(),
              List.of(Integer.toString(AcceptBurstWorkload.CLIENTS)),
              0,
              null));
    }
    if (o.wants(NIO)) {
      java.nio.file.Path input = tmp.resolve("input-nio.bin");
      FileReadWorkload.writeInput(input, FILE_BYTES);
      all.add(
          new Workload(
              NIO,
              "FileChannel 200 MB / 8 KB",
              NioReadWorkload.class.getName(),
              List.of(input.toString()),
              FILE_BYTES / FileReadWorkload.CHUNK,
              null));
    }
    if (o.wants(STARTUP)) {
      all.add(startup());
    }
    return all;
  }

  /** The hello-world workload, also the warm-up round's. */
  static Workload startup() {
    return new Workload(STARTUP, "startup (hello)", HelloWorkload.class.getName(), List.of(), 0, null);
  }

  /** 10000000 as "10M", 2500000 as "2.5M", small counts as they are. */
  static String millions(long n) {
    if (n < 1_000_000) {
      return Long.toString(n);
    }
    double m = n / 1_000_000.0;
    return (m == Math.rint(m) ? Long.toString((long) m) : String.format("%.1f", m)) + "M";
  }

  /** True when the child prints its own loop time, from which ns per event is computed. */
  boolean timesItsLoop() {
    return loopCalls > 0;
  }
}
