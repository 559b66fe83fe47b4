package ttd.samples.net;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * A warehouse's stock service on {@code com.sun.net.httpserver}, on loopback: {@code POST /order}
 * ({@code sku=..&qty=..}) fills what the stock allows, {@code POST /refund} ({@code order=..})
 * puts an order's goods back, {@code GET /stock} shows the stock, {@code POST /shutdown} stops
 * the service, which then audits itself: stock plus goods out on orders must equal what the
 * warehouse started with. It prints {@code listening on <port>} first.
 *
 * <p>Bug: a refund puts back the quantity the customer asked for, not the quantity the order was
 * filled with. After an order the stock could only partly fill, its refund creates goods out of
 * thin air, and the audit fails; every other sequence of requests keeps the books right.
 */
public final class InventoryService {

    private static final Map<String, Integer> STARTING_STOCK = Map.of("widget", 10, "gadget", 4, "gizmo", 7);

    private final Map<String, Integer> stock = new TreeMap<>(STARTING_STOCK);
    private final Map<Integer, Order> orders = new HashMap<>();
    private int nextOrder = 1;

    /** An order: what was asked for and what the stock gave. */
    private record Order(String sku, int requested, int filled) {
    }

    public static void main(String[] args) throws Exception {
        InventoryService service = new InventoryService();
        CountDownLatch stopped = new CountDownLatch(1);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/order", ex -> service.respond(ex, service.order(form(ex))));
        server.createContext("/refund", ex -> service.respond(ex, service.refund(form(ex))));
        server.createContext("/stock", ex -> service.respond(ex, "stock " + service.stock));
        server.createContext("/shutdown", ex -> {
            service.respond(ex, "shutting down");
            stopped.countDown();
        });
        server.start();
        System.out.println("listening on " + server.getAddress().getPort());
        System.out.flush();
        stopped.await();
        service.audit();
        System.exit(0); // the server's dispatcher thread would keep the JVM alive
    }

    private synchronized String order(Map<String, String> form) {
        String sku = form.getOrDefault("sku", "");
        int requested = Integer.parseInt(form.getOrDefault("qty", "0"));
        int have = stock.getOrDefault(sku, 0);
        int filled = Math.min(have, requested);
        stock.put(sku, have - filled);
        int id = nextOrder++;
        orders.put(id, new Order(sku, requested, filled));
        return "order " + id + ": filled " + filled + " of " + requested + " " + sku;
    }

    private synchronized String refund(Map<String, String> form) {
        Order o = orders.remove(Integer.parseInt(form.getOrDefault("order", "0")));
        if (o == null) {
            return "no such order";
        }
        stock.merge(o.sku(), o.requested(), Integer::sum); // bug: should give back o.filled()
        return "refunded " + o.requested() + " " + o.sku();
    }

    private synchronized void audit() {
        Map<String, Integer> out = new TreeMap<>();
        orders.values().forEach(o -> out.merge(o.sku(), o.filled(), Integer::sum));
        System.out.println("final stock " + stock + ", out on orders " + out);
        for (Map.Entry<String, Integer> e : new TreeMap<>(STARTING_STOCK).entrySet()) {
            int now = stock.get(e.getKey()) + out.getOrDefault(e.getKey(), 0);
            if (now != e.getValue()) {
                System.out.println("AUDIT FAILED: " + e.getKey() + " started at " + e.getValue() + ", accounts for " + now);
            }
        }
    }

    private void respond(HttpExchange ex, String text) throws IOException {
        System.out.println(ex.getRequestMethod() + " " + ex.getRequestURI() + " -> " + text);
        byte[] body = (text + "\n").getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        ex.sendResponseHeaders(200, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private static Map<String, String> form(HttpExchange ex) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> form = new HashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                form.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return form;
    }
}
