package ttd.samples.net;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A flash sale against an {@link InventoryService}: {@code InventoryRush <port> <shoppers>}. One
 * early shopper looks at the stock; then the others arrive at once. Every shopper has its own
 * keep-alive HTTP/1.1 connection; in each round every shopper sends its request before any answer
 * is read, so the service finds several connections ready together and serves them in an order
 * of its own choosing. Round one orders three gadgets each (the stock has four: one shopper gets
 * three, the next one, the rest none), round two refunds each shopper's order, round three looks
 * at the stock; then the service is shut down.
 */
public final class InventoryRush {

  private InventoryRush() {}

  /** One shopper's connection. */
  private static final class Shopper implements AutoCloseable {
    private final String name;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    Shopper(String name, int port) throws IOException {
      this.name = name;
      this.socket = new Socket(InetAddress.getLoopbackAddress(), port);
      this.in = new BufferedInputStream(socket.getInputStream());
      this.out = socket.getOutputStream();
    }

    void send(String method, String path, String body) throws IOException {
      byte[] content = body.getBytes(StandardCharsets.UTF_8);
      String head = method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n"
          + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + content.length + "\r\n\r\n";
      out.write(head.getBytes(StandardCharsets.ISO_8859_1));
      out.write(content);
      out.flush();
    }

    String answer() throws IOException {
      String status = line();
      int length = 0;
      for (String h = line(); !h.isEmpty(); h = line()) {
        if (h.toLowerCase().startsWith("content-length:")) {
          length = Integer.parseInt(h.substring(h.indexOf(':') + 1).trim());
        }
      }
      String body = new String(in.readNBytes(length), StandardCharsets.UTF_8).trim();
      return status.substring(status.indexOf(' ') + 1, status.indexOf(' ') + 4) + " " + body;
    }

    private String line() throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      for (int b = in.read(); b != '\n'; b = in.read()) {
        if (b < 0) {
          throw new IOException(name + ": the service closed the connection");
        }
        if (b != '\r') {
          line.write(b);
        }
      }
      return line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    int count = Integer.parseInt(args[1]);
    List<Shopper> shoppers = new ArrayList<>();
    try {
      Shopper early = new Shopper("shopper-1", port);
      shoppers.add(early);
      early.send("GET", "/stock", "");
      System.out.println(early.name + " GET /stock before the sale => " + early.answer());
      for (int i = 2; i <= count; i++) {
        shoppers.add(new Shopper("shopper-" + i, port));
      }
      List<String> orders = round(shoppers, s -> new String[] {"POST", "/order", "sku=gadget&qty=3"});
      round(shoppers, s -> new String[] {"POST", "/refund", "order=" + orderId(orders.get(shoppers.indexOf(s)))});
      round(shoppers, s -> new String[] {"GET", "/stock", ""});
      Shopper first = shoppers.get(0);
      first.send("POST", "/shutdown", "");
      System.out.println(first.name + " POST /shutdown => " + first.answer());
    } finally {
      for (Shopper s : shoppers) {
        s.close();
      }
    }
  }

  /** What a shopper asks in a round: method, path, form body. */
  private interface Request {
    String[] of(Shopper s);
  }

  private static List<String> round(List<Shopper> shoppers, Request request) throws IOException {
    for (Shopper s : shoppers) {
      String[] r = request.of(s);
      s.send(r[0], r[1], r[2]);
    }
    List<String> answers = new ArrayList<>();
    for (Shopper s : shoppers) {
      String[] r = request.of(s);
      String answer = s.answer();
      answers.add(answer);
      System.out.println(s.name + " " + r[0] + " " + r[1] + " " + r[2] + " => " + answer);
    }
    return answers;
  }

  private static String orderId(String answer) {
    // "200 order 7: filled 1 of 3 gadget"
    return answer.substring(answer.indexOf("order ") + 6, answer.indexOf(':'));
  }
}
