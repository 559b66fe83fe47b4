package ttd.compat.httpclient5;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/** Apache HttpClient 5, classic (pooled) and async, against a JDK HTTP server in the same process. */
public class ClassicAndAsync {
  public static void main(String[] args) throws Exception {
    AtomicInteger count = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newFixedThreadPool(3));
    server.createContext("/", exchange -> {
      byte[] body = (exchange.getRequestMethod() + " " + exchange.getRequestURI() + " #" + count.incrementAndGet()
          + " " + System.nanoTime() % 100_000).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("X-Thread", Thread.currentThread().getName());
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    try (CloseableHttpClient client = HttpClients.createDefault()) {
      for (int i = 0; i < 5; i++) {
        String line = client.execute(new HttpGet(base + "/classic/" + i),
            response -> response.getCode() + " " + EntityUtils.toString(response.getEntity()) + " by "
                + response.getFirstHeader("X-Thread").getValue());
        System.out.println(line);
      }
    }
    try (CloseableHttpAsyncClient async = HttpAsyncClients.createDefault()) {
      async.start();
      List<Future<SimpleHttpResponse>> futures = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        SimpleHttpRequest request = SimpleRequestBuilder.post(base + "/async/" + i)
            .setBody("payload " + i, org.apache.hc.core5.http.ContentType.TEXT_PLAIN).build();
        futures.add(async.execute(request, null));
      }
      for (Future<SimpleHttpResponse> f : futures) {
        SimpleHttpResponse r = f.get();
        System.out.println(r.getCode() + " " + r.getBodyText());
      }
    }
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdown();
    System.out.println("count " + count.get());
  }
}
