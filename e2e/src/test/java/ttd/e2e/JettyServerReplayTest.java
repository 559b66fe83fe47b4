package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A real multi-threaded server: a key-value store on Jetty 12 (its {@code QueuedThreadPool}, a
 * selector, an acceptor) recorded while a client in another process sends concurrent requests and
 * then stops it, and {@code server.stop()} joins the pool's threads in the order of a {@code
 * Set<Thread>} (identity hashes). The recording replays three times with no client: the same
 * output and status. Before, most recordings diverged (on JDK 17 the replay's reflection
 * generated accessor classes on the program's threads that the recording never did, so the
 * threads' identity hashes and the order of that set differed).
 */
class JettyServerReplayTest {

  private static final int PUTS = 20;
  private static final int KEYS = 7;
  private static final int REPLAYS = 3;

  private static final String PROGRAM = String.join("\n",
      "import java.nio.ByteBuffer;",
      "import java.nio.charset.StandardCharsets;",
      "import java.util.TreeMap;",
      "import java.util.concurrent.ConcurrentHashMap;",
      "import java.util.concurrent.CountDownLatch;",
      "import org.eclipse.jetty.server.Handler;",
      "import org.eclipse.jetty.server.Request;",
      "import org.eclipse.jetty.server.Response;",
      "import org.eclipse.jetty.server.Server;",
      "import org.eclipse.jetty.server.ServerConnector;",
      "import org.eclipse.jetty.util.Callback;",
      "public class JettyKv {",
      "  public static void main(String[] args) throws Exception {",
      "    ConcurrentHashMap<String, String> store = new ConcurrentHashMap<>();",
      "    CountDownLatch stop = new CountDownLatch(1);",
      "    Server server = new Server();",
      "    ServerConnector connector = new ServerConnector(server);",
      "    connector.setHost(\"127.0.0.1\");",
      "    server.addConnector(connector);",
      "    server.setHandler(new Handler.Abstract() {",
      "      public boolean handle(Request req, Response resp, Callback cb) {",
      "        String path = req.getHttpURI().getPath();",
      "        String body;",
      "        if (path.equals(\"/stop\")) { body = \"bye\"; stop.countDown(); }",
      "        else if (req.getMethod().equals(\"PUT\")) {",
      "          store.put(path, req.getHttpURI().getQuery().substring(2));",
      "          body = \"ok \" + store.size();",
      "        } else body = String.valueOf(store.get(path));",
      "        System.out.println(req.getMethod() + \" \" + path + \" -> \" + body);",
      "        resp.write(true, ByteBuffer.wrap((body + \"\\n\").getBytes(StandardCharsets.UTF_8)), cb);",
      "        return true;",
      "      }",
      "    });",
      "    server.start();",
      "    System.out.println(\"listening on \" + connector.getLocalPort());",
      "    stop.await();",
      "    server.stop();",
      "    System.out.println(\"final \" + new TreeMap<>(store));",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aJettyServerRecordedWhileAClientTalksToItReplaysWithoutTheClient(Jvm jvm) throws Exception {
    Path work = Scratch.dir("jetty-kv-" + jvm.label());
    String libraries = jettyClassPath();
    Path classes = JavaSource.compile(work.resolve("classes"), "JettyKv", PROGRAM, libraries);
    Path recording = work.resolve("recording");
    Outcome recorded;
    try (Peer server = Peer.recordedFrom(jvm, recording, classes + File.pathSeparator + libraries, "JettyKv")) {
      talkTo(server.port());
      recorded = server.await();
    }
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    List<String> lines = recorded.stdoutLines();
    assertEquals(PUTS + KEYS + 1, lines.stream().filter(l -> l.contains(" -> ")).count(), recorded.describe());
    assertTrue(lines.get(lines.size() - 1).matches("final \\{(/k\\d=\\d+, ){6}/k\\d=\\d+}"), recorded.describe());

    for (int i = 1; i <= REPLAYS; i++) {
      Outcome replayed = TtdRun.replay(jvm, recording);
      ReplayAssertions.assertSameOutput(recorded, replayed, "replay " + i + " of the Jetty server without its client");
    }
  }

  /** PUTs sent all at once (so the pool's threads work together), GETs, then the stop. */
  private static void talkTo(int port) throws Exception {
    String base = "http://127.0.0.1:" + port;
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> puts = new ArrayList<>();
    for (int i = 0; i < PUTS; i++) {
      HttpRequest put = HttpRequest.newBuilder(URI.create(base + "/k" + (i % KEYS) + "?v=" + i))
          .PUT(HttpRequest.BodyPublishers.noBody()).build();
      puts.add(client.sendAsync(put, HttpResponse.BodyHandlers.ofString()));
    }
    for (CompletableFuture<HttpResponse<String>> put : puts) {
      assertEquals(200, put.join().statusCode());
    }
    for (int i = 0; i < KEYS; i++) {
      HttpResponse<String> got = client.send(HttpRequest.newBuilder(URI.create(base + "/k" + i)).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, got.statusCode(), got.body());
    }
    client.send(HttpRequest.newBuilder(URI.create(base + "/stop")).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Jetty's server, HTTP, I/O and utility jars and the SLF4J API, from this test's class path. */
  private static String jettyClassPath() {
    return LibraryJars.classPath(org.eclipse.jetty.server.Server.class, org.eclipse.jetty.http.HttpField.class,
        org.eclipse.jetty.io.EndPoint.class, org.eclipse.jetty.util.Callback.class, org.slf4j.Logger.class);
  }
}
