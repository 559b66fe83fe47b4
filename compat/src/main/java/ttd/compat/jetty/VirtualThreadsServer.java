package ttd.compat.jetty;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A Jetty 12 server whose blocking handler runs on virtual threads where the JDK has them (21+;
 * Jetty's own {@code VirtualThreads} falls back to the pool's platform threads on 17), as Jetty's
 * documentation configures it: the handler reads each posted order, sleeps as a call to another
 * service would, and answers with a running total. Called concurrently by the JDK's HTTP client.
 */
public class VirtualThreadsServer {
  public static void main(String[] args) throws Exception {
    AtomicLong total = new AtomicLong();
    AtomicInteger onVirtual = new AtomicInteger();
    Map<String, Integer> perItem = new ConcurrentHashMap<>();
    QueuedThreadPool pool = new QueuedThreadPool(8, 2);
    pool.setVirtualThreadsExecutor(VirtualThreads.getDefaultVirtualThreadsExecutor());
    Server server = new Server(pool);
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    server.addConnector(connector);
    server.setHandler(new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String order = Content.Source.asString(request, StandardCharsets.UTF_8);
        if (VirtualThreads.isVirtualThread()) {
          onVirtual.incrementAndGet();
        }
        Thread.sleep(order.length() % 4);
        String[] parts = order.split(" x ");
        long sum = total.addAndGet(Long.parseLong(parts[1]));
        perItem.merge(parts[0], 1, Integer::sum);
        String body = order + " accepted, total " + sum + " at " + System.currentTimeMillis() % 100_000;
        response.getHeaders().put("Content-Type", "text/plain");
        Content.Sink.write(response, true, body, callback);
        return true;
      }
    });
    server.start();
    System.out.println("virtual threads " + VirtualThreads.areSupported() + ", started " + server.isStarted());
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String order = "item-" + i % 7 + " x " + (i * 13 % 9 + 1);
      calls.add(client.sendAsync(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/orders"))
              .POST(HttpRequest.BodyPublishers.ofString(order)).build(),
          HttpResponse.BodyHandlers.ofString()));
    }
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      HttpResponse<String> r = call.join();
      System.out.println(r.statusCode() + " " + r.body());
    }
    System.out.println("per item " + new TreeMap<>(perItem) + ", handled on virtual threads: " + onVirtual.get());
    server.stop();
    System.out.println("total " + total.get() + " stopped " + server.isStopped());
  }
}
