package ttd.compat.jdkhttp;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

/** {@code java.net.http.HttpClient} fanning out async requests (GET and POST) to a JDK HTTP server. */
public class AsyncFanOut {
  public static void main(String[] args) throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
    ExecutorService handlers = Executors.newFixedThreadPool(4);
    server.setExecutor(handlers);
    server.createContext("/price", exchange -> {
      byte[] in = exchange.getRequestBody().readAllBytes();
      String answer = exchange.getRequestURI().getQuery() + " " + new String(in, StandardCharsets.UTF_8)
          + " = " + Math.round(Math.random() * 10_000) / 100.0;
      byte[] body = answer.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    ExecutorService clientPool = Executors.newFixedThreadPool(2);
    try {
      HttpClient client = HttpClient.newBuilder().executor(clientPool).connectTimeout(Duration.ofSeconds(30)).build();
      URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/price");
      List<CompletableFuture<String>> calls = IntStream.range(0, 30).mapToObj(i -> {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "?item=" + i));
        HttpRequest req = i % 3 == 0 ? b.POST(HttpRequest.BodyPublishers.ofString("qty=" + i)).build() : b.GET().build();
        return client.sendAsync(req, HttpResponse.BodyHandlers.ofString())
            .thenApply(r -> r.statusCode() + " " + r.body() + " " + r.version());
      }).toList();
      CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
      calls.forEach(c -> System.out.println(c.join()));
    } finally {
      server.stop(0);
      handlers.shutdown();
      clientPool.shutdown();
    }
    System.out.println("done");
  }
}
