package ttd.bench;

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
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends {@link HttpServeWorkload}'s requests over {@link #CONNECTIONS} keep-alive HTTP/1.1
 * connections at once, each a share of the requests one after the other, over plain sockets (so
 * that the load itself costs little and is the same in every run).
 */
final class HttpLoadPeer implements NetPeer {

  /**
   * One keep-alive connection: with several, the server's selector often reports a connection and
   * the listener at once, and the order it handles them in (a HashSet of keys, ordered by identity
   * hash) drifted in replay (docs/decisions/network.md), so replay could not be timed.
   */
  static final int CONNECTIONS = 1;

  private final int requests;
  private final AtomicLong payload = new AtomicLong();

  HttpLoadPeer(int requests) {
    this.requests = requests;
  }

  @Override
  public void talkTo(int port) throws IOException {
    payload.set(0);
    List<Thread> clients = new ArrayList<>();
    IOException[] failure = new IOException[1];
    for (int c = 0; c < CONNECTIONS; c++) {
      int first = c;
      Thread t = new Thread(() -> {
        try {
          client(port, first);
        } catch (IOException e) {
          failure[0] = e;
        }
      }, "http-load-" + c);
      clients.add(t);
      t.start();
    }
    for (Thread t : clients) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
    }
    if (failure[0] != null) {
      throw failure[0];
    }
  }

  /** Requests first, first + CONNECTIONS, ... on one connection. */
  private void client(int port, int first) throws IOException {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      s.setTcpNoDelay(true);
      OutputStream out = s.getOutputStream();
      InputStream in = new BufferedInputStream(s.getInputStream());
      for (int id = first; id < requests; id += CONNECTIONS) {
        byte[] request = ("GET /item?id=" + id + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
        out.write(request);
        out.flush();
        payload.addAndGet(request.length + response(in));
      }
    }
  }

  /** Reads one response (headers, then Content-Length bytes); returns its size. */
  private static long response(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    for (int last4 = 0; last4 != 0x0d0a0d0a; ) { // up to the empty line after the headers
      int b = in.read();
      if (b < 0) {
        throw new IOException("the server closed the connection mid-response");
      }
      head.write(b);
      last4 = last4 << 8 | b;
    }
    String headers = head.toString(StandardCharsets.US_ASCII);
    int at = headers.toLowerCase().indexOf("content-length:");
    if (at < 0) {
      throw new IOException("no Content-Length in " + headers);
    }
    int end = headers.indexOf('\r', at);
    int length = Integer.parseInt(headers.substring(at + 15, end).trim());
    if (in.readNBytes(length).length != length) {
      throw new IOException("short body");
    }
    return head.size() + length;
  }

  @Override
  public long payloadBytes() {
    return payload.get();
  }
}
