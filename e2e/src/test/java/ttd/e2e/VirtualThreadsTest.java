package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Virtual threads (JDK 21+) are recorded and replayed as the scheduler's threads: under ttd the
 * JDK makes each one a virtual thread bound to a native thread of its own, so the serializing
 * scheduler decides which one runs, as for platform threads. Programs written against the
 * virtual-thread API (executors, builders, sleeps, locks, monitors, queues, thread-locals, file
 * and socket I/O through the JDK's poller, an HTTP server on a virtual-thread executor serving
 * another process) replay the recorded output and status, with and without {@code chaos}, and so do
 * thousands of virtual threads alive at once under the usual limit of open files; a lost
 * update among virtual threads caught under {@code chaos} replays the same wrong total, and the
 * console lists those threads, shows their frames and reverse-continues across them. On a JDK
 * without virtual threads the tests do not apply.
 */
class VirtualThreadsTest {

  /**
   * How many virtual threads the mixed program starts, without and with {@code chaos}: every
   * hand-over of the baton waits for the OS to run one given thread, so on a loaded machine a
   * replay's time grows with the number of hand-overs (2 000 under {@code chaos}: 30 s alone, more
   * than 240 s beside other builds); ten thousand are measured by the benchmark instead.
   */
  private static final int THREADS = 1_000;
  private static final int CHAOS_THREADS = 300;
  private static final int CHAOS_ATTEMPTS = 6;

  /**
   * Virtual threads alive at once in the crowd program, and the limit of open files both its
   * recording and its replay run under (the usual default soft limit): a replay that opened the log
   * anew for each thread it began (two files each) stopped at about 500 threads.
   */
  private static final int ALIVE = 2_000;
  private static final int OPEN_FILES = 1_024;

  /**
   * Every kind of wait a virtual thread does, on {@code args[0]} tasks of a virtual-thread
   * executor, then a virtual-thread echo server with virtual-thread clients; prints what depends on
   * the interleaving (completion order, a racy counter, random draws, socket replies with clock
   * readings), and exits with status 3. Its draws are {@code ThreadLocalRandom}'s, whose seeds
   * the JDK hands out in an order that contention decides (docs/decisions/virtual-threads.md,
   * "ThreadLocalRandom seeds").
   */
  private static final String MIX = """
      import java.io.*;
      import java.net.*;
      import java.nio.file.*;
      import java.util.*;
      import java.util.concurrent.*;
      import java.util.concurrent.atomic.*;
      import java.util.concurrent.locks.*;
      public class VirtualMix {
        static int racy;
        public static void main(String[] args) throws Exception {
          int n = Integer.parseInt(args[0]);
          ReentrantLock lock = new ReentrantLock();
          Object monitor = new Object();
          long[] locked = new long[1];
          AtomicLong drawn = new AtomicLong();
          ThreadLocal<Integer> mine = new ThreadLocal<>();
          Path file = Files.createTempFile("virtual", ".txt");
          Files.writeString(file, "0123456789");
          ConcurrentLinkedQueue<Integer> order = new ConcurrentLinkedQueue<>();
          BlockingQueue<Integer> handoff = new ArrayBlockingQueue<>(4);
          long[] handed = new long[1];
          Thread consumer = Thread.ofVirtual().name("consumer").start(() -> {
            try { for (int i = 0; i < n; i++) handed[0] += handoff.take(); } catch (InterruptedException e) { }
          });
          try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
              int k = i;
              ex.submit(() -> {
                mine.set(k);
                Thread.sleep(k % 3);
                lock.lock();
                try { locked[0] += k; } finally { lock.unlock(); }
                synchronized (monitor) { drawn.addAndGet(ThreadLocalRandom.current().nextInt(1000)); }
                int r = racy;
                Thread.yield();
                racy = r + 1;
                if (k % 50 == 0 && Files.readString(file).length() != 10) throw new IllegalStateException();
                handoff.put(k);
                order.add(mine.get());
                return null;
              });
            }
          }
          consumer.join();
          long h = 0;
          for (int x : order) h = h * 31 + x;
          System.out.println("tasks " + n + " locked " + locked[0] + " handed " + handed[0] + " drawn " + drawn.get()
              + " racy " + racy + " order " + h + " virtual " + consumer.isVirtual());
          List<String> replies = Collections.synchronizedList(new ArrayList<>());
          try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = Thread.ofVirtual().name("acceptor").start(() -> {
              try {
                for (int c = 0; c < 20; c++) {
                  Socket s = server.accept();
                  Thread.ofVirtual().start(() -> {
                    try (s; BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream()));
                         PrintWriter out = new PrintWriter(s.getOutputStream(), true)) {
                      out.println(in.readLine() + "@" + System.nanoTime() % 1000);
                    } catch (IOException e) { throw new UncheckedIOException(e); }
                  });
                }
              } catch (IOException e) { throw new UncheckedIOException(e); }
            });
            try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
              for (int c = 0; c < 20; c++) {
                int id = c;
                ex.submit(() -> {
                  try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                       BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream()));
                       PrintWriter out = new PrintWriter(s.getOutputStream(), true)) {
                    out.println("m" + id);
                    replies.add(in.readLine());
                  }
                  return null;
                });
              }
            }
            acceptor.join();
          }
          Files.delete(file);
          System.out.println("replies " + replies);
          System.exit(3);
        }
      }
      """;

  /**
   * {@code args[0]} virtual-thread tasks that all wait on one latch until every one of them has
   * started, so that all are alive at once whatever the machine's speed, then each takes a monitor,
   * a {@code ReentrantLock} and an atomic; prints sums and the order they finished in, and exits
   * with status 5.
   */
  private static final String CROWD = """
      import java.util.concurrent.*;
      import java.util.concurrent.atomic.*;
      import java.util.concurrent.locks.*;
      public class VirtualCrowd {
        static long monitorSum;
        static long lockSum;
        public static void main(String[] args) throws Exception {
          int n = Integer.parseInt(args[0]);
          CountDownLatch alive = new CountDownLatch(n);
          Object monitor = new Object();
          ReentrantLock lock = new ReentrantLock();
          AtomicLong atomic = new AtomicLong();
          ConcurrentLinkedQueue<Integer> order = new ConcurrentLinkedQueue<>();
          try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
              int k = i;
              ex.submit(() -> {
                alive.countDown();
                alive.await();
                synchronized (monitor) { monitorSum += k; }
                lock.lock();
                try { lockSum += k; } finally { lock.unlock(); }
                atomic.addAndGet(k);
                order.add(k);
                return null;
              });
            }
          }
          long h = 0;
          for (int x : order) h = h * 31 + x;
          System.out.println("alive at once " + n + " monitor " + monitorSum + " lock " + lockSum
              + " atomic " + atomic.get() + " order " + h);
          System.exit(5);
        }
      }
      """;

  /** Request threads, virtual, each counting visits on one shared field: {@code visits++} loses some. */
  private static final String VISITS = """
      import java.util.*;
      public class VirtualVisits {
        static int visits;
        public static void main(String[] args) throws Exception {
          List<Thread> workers = new ArrayList<>();
          for (int i = 0; i < 8; i++) {
            workers.add(Thread.ofVirtual().name("request-" + i).start(() -> {
              for (int v = 0; v < 1000; v++) visits++;
            }));
          }
          for (Thread t : workers) t.join();
          System.out.println("visits counted: " + visits + " of 8000");
          if (visits != 8000) System.out.println("LOST " + (8000 - visits) + " visits");
        }
      }
      """;

  /**
   * A JDK {@code HttpServer} whose handlers run on a virtual-thread executor: it serves
   * {@code args[0]} requests, each answered with a running count and a clock reading, and stops.
   */
  private static final String SERVER = """
      import com.sun.net.httpserver.*;
      import java.io.*;
      import java.net.*;
      import java.nio.charset.StandardCharsets;
      import java.util.concurrent.*;
      import java.util.concurrent.atomic.*;
      public class VirtualHttpServer {
        public static void main(String[] args) throws Exception {
          int requests = Integer.parseInt(args[0]);
          CountDownLatch served = new CountDownLatch(requests);
          AtomicInteger count = new AtomicInteger();
          HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
          server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
          server.createContext("/hello", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            byte[] reply = (body + " #" + count.incrementAndGet() + " " + System.nanoTime() % 997
                + " " + Thread.currentThread().isVirtual()).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, reply.length);
            try (OutputStream out = exchange.getResponseBody()) { out.write(reply); }
            System.out.println("served " + new String(reply, StandardCharsets.UTF_8));
            served.countDown();
          });
          server.start();
          System.out.println("listening on " + server.getAddress().getPort());
          served.await();
          server.stop(0);
          System.out.println("done " + count.get());
        }
      }
      """;

  /** Posts {@code args[1]} requests at once to the server on port {@code args[0]}, from a pool. */
  private static final String CLIENT = """
      import java.net.URI;
      import java.net.http.*;
      import java.util.*;
      import java.util.concurrent.*;
      public class VirtualHttpClient {
        public static void main(String[] args) throws Exception {
          HttpClient client = HttpClient.newBuilder().executor(Executors.newFixedThreadPool(4)).build();
          List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
          for (int i = 0; i < Integer.parseInt(args[1]); i++) {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + args[0] + "/hello"))
                .POST(HttpRequest.BodyPublishers.ofString("client-" + i)).build();
            calls.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
          }
          for (CompletableFuture<HttpResponse<String>> c : calls) {
            if (c.get().statusCode() != 200) throw new IllegalStateException(c.get().toString());
          }
          System.exit(0);
        }
      }
      """;

  @TestFactory
  List<DynamicTest> virtualThreadsThatSleepLockQueueAndDoFileAndSocketIoReplayIdentically() {
    return onJdksWithVirtualThreads("thousands of virtual threads replay", jvm -> {
      mixReplays(jvm, false);
      mixReplays(jvm, true);
    });
  }

  @TestFactory
  List<DynamicTest> thousandsOfVirtualThreadsAliveAtOnceReplayWithinAnOrdinaryLimitOfOpenFiles() {
    return onJdksWithVirtualThreads("thousands of virtual threads alive at once", VirtualThreadsTest::crowdReplays);
  }

  @TestFactory
  List<DynamicTest> aLostUpdateAmongVirtualThreadsCaughtInChaosReplaysTheSameWrongTotal() {
    return onJdksWithVirtualThreads("a lost update among virtual threads", VirtualThreadsTest::lostUpdateReplays);
  }

  @TestFactory
  List<DynamicTest> anHttpServerOnVirtualThreadsReplaysWhatItServedAnotherProcessWithoutIt() {
    return onJdksWithVirtualThreads("an HTTP server on virtual threads", VirtualThreadsTest::httpServerReplays);
  }

  private static List<DynamicTest> onJdksWithVirtualThreads(String what, Consumer<Jvm> test) {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      if (jvm.feature() >= 21) {
        tests.add(dynamicTest(what + " on " + jvm.label(), () -> test.accept(jvm)));
      }
    }
    return tests;
  }

  private static void mixReplays(Jvm jvm, boolean chaos) {
    int threads = chaos ? CHAOS_THREADS : THREADS;
    Path work = Scratch.dir("virtual-mix-" + chaos + "-" + jvm.label());
    Path classes = JavaSource.compileWith(jvm, 21, work.resolve("classes"), "VirtualMix", MIX);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, chaos ? List.of("chaos") : List.of(), classes.toString(),
        "VirtualMix", List.of(String.valueOf(threads)), new byte[0]);
    String context = " (chaos " + chaos + "):" + recorded.describe();
    assertEquals(3, recorded.exitStatus(), "the program's own status" + context);
    assertEquals("", recorded.stderr(), "no ttd: sentence, the virtual threads are recorded" + context);
    long sum = (long) threads * (threads - 1) / 2;
    assertTrue(recorded.stdout().startsWith("tasks " + threads + " locked " + sum + " handed " + sum + " drawn "),
        context);
    assertTrue(recorded.stdout().contains(" virtual true\n"), context);
    assertEquals(20, recorded.stdoutLines().get(1).split("@").length - 1, "twenty echoes" + context);
    for (int i = 1; i <= 2; i++) {
      Outcome replayed = TtdRun.replay(jvm, recording);
      ReplayAssertions.assertSameOutput(recorded, replayed,
          "replay " + i + " of " + threads + " virtual threads (chaos " + chaos + ") on " + jvm);
    }
  }

  private static void crowdReplays(Jvm jvm) {
    Path work = Scratch.dir("virtual-crowd-" + jvm.label());
    Path classes = JavaSource.compileWith(jvm, 21, work.resolve("classes"), "VirtualCrowd", CROWD);
    Path recording = work.resolve("recording");
    Outcome recorded = Exec.run(withOpenFileLimit(TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(),
        "VirtualCrowd", List.of(String.valueOf(ALIVE)))), work);
    long sum = (long) ALIVE * (ALIVE - 1) / 2;
    assertEquals(5, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("alive at once " + ALIVE + " monitor " + sum + " lock " + sum
        + " atomic " + sum + " order "), recorded.describe());
    Outcome replayed = Exec.run(withOpenFileLimit(
        List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay", recording.toString())), work);
    ReplayAssertions.assertSameOutput(recorded, replayed,
        ALIVE + " virtual threads alive at once, at most " + OPEN_FILES + " open files, on " + jvm);
  }

  /** {@code command} run by a shell that first lowers its limit of open files to {@link #OPEN_FILES}. */
  private static List<String> withOpenFileLimit(List<String> command) {
    List<String> limited = new ArrayList<>(List.of("sh", "-c", "ulimit -n " + OPEN_FILES + " && exec \"$@\"", "sh"));
    limited.addAll(command);
    return limited;
  }

  private static void lostUpdateReplays(Jvm jvm) {
    Path work = Scratch.dir("virtual-visits-" + jvm.label());
    Path classes = JavaSource.compileWith(jvm, 21, work.resolve("classes"), "VirtualVisits", VISITS);
    Path recording = null;
    Outcome recorded = null;
    for (int attempt = 1; attempt <= CHAOS_ATTEMPTS; attempt++) {
      recording = work.resolve("recording-" + attempt);
      recorded = TtdRun.record(jvm, recording, List.of("chaos"), classes.toString(), "VirtualVisits", List.of(),
          new byte[0]);
      assertEquals(0, recorded.exitStatus(), recorded.describe());
      if (recorded.stdout().contains("LOST")) {
        break;
      }
    }
    assertTrue(recorded.stdout().contains("LOST"),
        "no chaos recording out of " + CHAOS_ATTEMPTS + " lost an update:" + recorded.describe());
    for (int i = 1; i <= 3; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording),
          "replay " + i + " of the lost update among virtual threads on " + jvm);
    }
    consoleShowsVirtualThreads(jvm, recording);
  }

  /** The console lists the virtual threads, shows their frames and goes back to an earlier stop in one. */
  private static void consoleShowsVirtualThreads(Jvm jvm, Path recording) {
    DebugConsole c = DebugConsole.run(jvm, recording,
        "stop at VirtualVisits:8", "run", "threads", "cont", "reverse-continue", "where", "quit");
    String first = c.after(1, "run").stream().filter(l -> l.startsWith("Breakpoint hit: ")).findFirst()
        .orElseThrow(() -> new AssertionError("run did not stop:" + c.describe()));
    assertTrue(first.startsWith("Breakpoint hit: \"thread=request-") && first.contains("VirtualVisits.lambda$main$0(), line=8"),
        c.describe());
    String stopped = first.substring(first.indexOf("thread=") + "thread=".length(), first.indexOf("\", "));
    assertTrue(c.after(2, "threads").contains("  " + stopped + " running (current)"),
        "the virtual thread stopped in is listed as the current one:" + c.describe());
    assertTrue(c.first(3, "cont").startsWith("Breakpoint hit: \"thread=request-"), c.describe());
    assertEquals(first, c.first(4, "reverse-continue"), "back at the first stop:" + c.describe());
    assertEquals("  [1] VirtualVisits.lambda$main$0 (VirtualVisits.java:8)", c.first(5, "where"), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  private static void httpServerReplays(Jvm jvm) {
    Path work = Scratch.dir("virtual-http-" + jvm.label());
    Path classes = JavaSource.compileWith(jvm, 21, work.resolve("classes"), "VirtualHttpServer", SERVER);
    JavaSource.compileWith(jvm, 21, classes, "VirtualHttpClient", CLIENT);
    Path recording = work.resolve("recording");
    Outcome recorded;
    try (Peer server = Peer.recordedFrom(jvm, recording, classes.toString(), "VirtualHttpServer", "40")) {
      int port = server.port();
      Outcome client = Exec.run(
          List.of(jvm.java(), "-cp", classes.toString(), "VirtualHttpClient", String.valueOf(port), "40"), work);
      assertEquals(0, client.exitStatus(), "the client, a plain JVM:" + client.describe());
      recorded = server.await();
    }
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("done 40\n"), recorded.describe());
    assertTrue(recorded.stdout().contains(" true\n"), "handlers ran on virtual threads:" + recorded.describe());
    for (int i = 1; i <= 2; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording),
          "replay " + i + " of the virtual-thread HTTP server without its client on " + jvm);
    }
  }
}
