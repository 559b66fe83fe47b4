package ttd.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The accept-burst child workload: a server thread accepting on a 50-deep backlog and serving
 * each connection on a thread of its own, and as many clients at once, each on a pool thread
 * with a 3 s read timeout. Plain, no client times out on these machines; a scheduler that lets the
 * accepting thread wait its turn behind every runnable client and handler overflows the backlog,
 * and clients time out that never did plain (Helidon's case, docs/compat.md). It prints how many
 * answers came back and how many reads timed out.
 */
public final class AcceptBurstWorkload {

  /** Clients per run. */
  public static final int CLIENTS = 1500;

  /** The stdout key of the timed-out reads. */
  static final String TIMEOUTS_KEY = "timeouts";

  private AcceptBurstWorkload() {}

  public static void main(String[] args) throws Exception {
    int clients = Integer.parseInt(args[0]);
    ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(() -> accept(server), "acceptor");
    acceptor.setDaemon(true);
    acceptor.start();
    AtomicInteger answered = new AtomicInteger();
    AtomicInteger timeouts = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    for (int i = 0; i < clients; i++) {
      String request = "item " + i;
      pool.execute(() -> {
        try (Socket c = new Socket()) {
          c.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 3000);
          c.setSoTimeout(3000);
          new PrintWriter(c.getOutputStream(), true, StandardCharsets.UTF_8).println(request);
          String answer = reader(c).readLine();
          (("served " + request).equals(answer) ? answered : failed).incrementAndGet();
        } catch (SocketTimeoutException e) {
          timeouts.incrementAndGet();
        } catch (IOException e) {
          failed.incrementAndGet();
        }
      });
    }
    pool.shutdown();
    pool.awaitTermination(5, TimeUnit.MINUTES);
    server.close();
    System.out.println("answered " + answered);
    System.out.println(TIMEOUTS_KEY + " " + timeouts);
    System.out.println("failed " + failed);
  }

  private static void accept(ServerSocket server) {
    try {
      while (true) {
        Socket s = server.accept();
        new Thread(() -> serve(s), "handler").start();
      }
    } catch (IOException e) {
      // closed at the end
    }
  }

  private static void serve(Socket s) {
    try (s) {
      String request = reader(s).readLine();
      new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8).println("served " + request);
    } catch (IOException e) {
      // the client gave up
    }
  }

  private static BufferedReader reader(Socket s) throws IOException {
    return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
  }
}
