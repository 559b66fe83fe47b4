package ttd.compat.vertx;

import io.vertx.core.CompositeFuture;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Vert.x core: an HTTP server and client on loopback, periodic timers, the event bus and blocking work. */
public class EventLoopHttp {
  public static void main(String[] args) throws Exception {
    Vertx vertx = Vertx.vertx();
    Map<String, Integer> served = new ConcurrentHashMap<>();
    AtomicInteger seq = new AtomicInteger();
    vertx.eventBus().<String>consumer("audit", m -> m.reply(m.body().length() + "@" + seq.incrementAndGet()));
    HttpServer server = vertx.createHttpServer().requestHandler(req -> {
      served.merge(Thread.currentThread().getName(), 1, Integer::sum);
      if (req.path().startsWith("/fail")) {
        req.response().setStatusCode(503).end("busy");
        return;
      }
      vertx.eventBus().<String>request("audit", req.path()).onComplete(r ->
          req.response().putHeader("x-time", Long.toString(System.nanoTime() % 1000))
              .end(req.path() + " " + r.result().body()));
    }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    int port = server.actualPort();
    HttpClient client = vertx.createHttpClient();
    List<Future<String>> calls = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      String path = (i % 25 == 24 ? "/fail/" : "/item/") + i;
      calls.add(client.request(HttpMethod.GET, port, "127.0.0.1", path)
          .compose(req -> req.send())
          .compose(resp -> resp.body().map(b -> resp.statusCode() + " " + b.toString())));
    }
    CompositeFuture all = Future.join(calls).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    Map<Integer, Integer> byStatus = new TreeMap<>();
    for (int i = 0; i < all.size(); i++) byStatus.merge(Integer.parseInt(((String) all.resultAt(i)).substring(0, 3)), 1, Integer::sum);
    System.out.println("statuses " + byStatus + ", sample " + all.resultAt(7));
    System.out.println("event loops serving " + served.size());
    CompletableFuture<Long> ticks = new CompletableFuture<>();
    AtomicInteger fired = new AtomicInteger();
    long start = System.nanoTime();
    vertx.setPeriodic(3, id -> {
      if (fired.incrementAndGet() == 20) {
        vertx.cancelTimer(id);
        ticks.complete((System.nanoTime() - start) / 1_000_000);
      }
    });
    System.out.println("20 ticks took >= 57 ms: " + (ticks.get(10, TimeUnit.SECONDS) >= 57));
    String blocking = vertx.<String>executeBlocking(() -> Thread.currentThread().getName().replaceAll("-\\d+$", "")
        + " " + System.currentTimeMillis() % 100_000).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    System.out.println("blocking on " + blocking);
    try {
      client.request(HttpMethod.GET, 1, "127.0.0.1", "/").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      System.out.println("closed port: " + e.getCause().getClass().getSimpleName());
    }
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }
}
