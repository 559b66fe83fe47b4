package ttd.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * The HTTP-serving child workload: a {@code com.sun.net.httpserver} service on loopback answering
 * {@code GET /item?id=N} with a small JSON document, until it has served the number of requests
 * in its argument ({@link HttpLoadPeer} sends them). It times from the first request to the last
 * ({@code loop-ns}) and prints a checksum of the ids it served, then exits.
 */
public final class HttpServeWorkload {

  /** Requests per run. */
  public static final int REQUESTS = 10_000;

  private HttpServeWorkload() {}

  public static void main(String[] args) throws Exception {
    // headers and body leave in two writes: without this, Nagle's algorithm and delayed ACKs
    // hold every response back about 40 ms on loopback
    System.setProperty("sun.net.httpserver.nodelay", "true");
    int requests = Integer.parseInt(args[0]);
    CountDownLatch done = new CountDownLatch(1);
    long[] state = new long[3]; // served, checksum, first request's nanoTime
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.createContext("/item", ex -> {
      if (state[0] == 0) {
        state[2] = System.nanoTime();
      }
      int id = Integer.parseInt(ex.getRequestURI().getQuery().substring(3));
      byte[] body = item(id);
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
      state[1] += id;
      if (++state[0] == requests) {
        System.out.println(ClockLoopWorkload.LOOP_KEY + " " + (System.nanoTime() - state[2]));
        done.countDown();
      }
    });
    server.start();
    System.out.println("listening on " + server.getAddress().getPort());
    System.out.flush();
    done.await();
    System.out.println("served " + state[0] + " checksum " + state[1]);
    System.exit(0); // the dispatcher thread would keep the JVM alive
  }

  static byte[] item(int id) throws IOException {
    return ("{\"id\":" + id + ",\"name\":\"item-" + id + "\",\"price\":" + (id % 997) + ".95,"
            + "\"stock\":" + (id * 7 % 113) + "}")
        .getBytes(StandardCharsets.UTF_8);
  }
}
