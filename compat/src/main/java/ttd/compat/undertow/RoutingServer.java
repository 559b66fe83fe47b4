package ttd.compat.undertow;

import io.undertow.Undertow;
import io.undertow.server.RoutingHandler;
import io.undertow.util.Headers;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** An Undertow server with routes (GET, POST with a body), called by {@link HttpURLConnection}. */
public class RoutingServer {
  public static void main(String[] args) throws Exception {
    Map<String, String> notes = new ConcurrentHashMap<>();
    RoutingHandler routes = new RoutingHandler()
        .get("/notes/{id}", exchange -> {
          String id = exchange.getQueryParameters().get("id").getFirst();
          exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
          exchange.getResponseSender().send(notes.getOrDefault(id, "none") + " via " + Thread.currentThread().getName());
        })
        .post("/notes", exchange -> exchange.getRequestReceiver().receiveFullString((ex, body) -> {
          String id = UUID.randomUUID().toString().substring(0, 8);
          notes.put(id, body + "@" + System.currentTimeMillis() % 100_000);
          ex.setStatusCode(201);
          ex.getResponseSender().send(id);
        }));
    Undertow server = Undertow.builder().addHttpListener(0, "127.0.0.1").setIoThreads(2).setWorkerThreads(4)
        .setHandler(routes).build();
    server.start();
    int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    String[] ids = new String[8];
    for (int i = 0; i < ids.length; i++) {
      HttpURLConnection post = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/notes").openConnection();
      post.setRequestMethod("POST");
      post.setDoOutput(true);
      try (OutputStream out = post.getOutputStream()) {
        out.write(("note " + i + " " + Math.random()).getBytes(StandardCharsets.UTF_8));
      }
      try (InputStream in = post.getInputStream()) {
        ids[i] = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      System.out.println("posted " + post.getResponseCode() + " " + ids[i]);
    }
    for (String id : ids) {
      HttpURLConnection get = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/notes/" + id).openConnection();
      try (InputStream in = get.getInputStream()) {
        System.out.println(get.getResponseCode() + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    server.stop();
    System.out.println("notes " + notes.size());
  }
}
