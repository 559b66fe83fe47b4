package ttd.compat.jetty;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/** A Jetty 12 server on a loopback port with a counter API, called concurrently by the JDK's HTTP client. */
public class HelloServer {
  public static void main(String[] args) throws Exception {
    AtomicLong hits = new AtomicLong();
    Map<String, String> servedBy = new ConcurrentHashMap<>();
    Server server = new Server(new QueuedThreadPool(8, 2));
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    server.addConnector(connector);
    server.setHandler(new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) {
        long n = hits.incrementAndGet();
        String path = Request.getPathInContext(request);
        servedBy.put(path, Thread.currentThread().getName().replaceAll("-\\d+$", "-N"));
        String body = "hello " + path + " #" + n + " at " + System.currentTimeMillis() % 100_000;
        response.getHeaders().put("Content-Type", "text/plain");
        response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
        return true;
      }
    });
    server.start();
    int port = connector.getLocalPort();
    System.out.println("started " + server.isStarted() + " port>0 " + (port > 0));
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < 24; i++) {
      calls.add(client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/item/" + i % 6)).build(),
          HttpResponse.BodyHandlers.ofString()));
    }
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      HttpResponse<String> r = call.join();
      System.out.println(r.statusCode() + " " + r.body());
    }
    System.out.println("served by " + new TreeMap<>(servedBy));
    server.stop();
    System.out.println("hits " + hits.get() + " stopped " + server.isStopped());
  }
}
