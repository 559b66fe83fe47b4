package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A Netty HTTP server (a boss event loop and two workers, an HTTP codec and aggregator) counts
 * votes that a client in another JVM sends, 30 of them at once; it is recorded, then replayed
 * several times with no client at all: the same lines and status every time. Netty's start-up
 * loops over {@code getDeclaredMethods()} until it finds a name, and HotSpot's order of a
 * class's methods changes from one JVM to the next: before ttd fixed that order, one replay in
 * two to four ran a tick more or less than its recording and diverged.
 */
class NettyServerReplayTest {

  private static final int REPLAYS = 3;

  private static final String SERVER = String.join("\n",
      "import io.netty.bootstrap.ServerBootstrap;",
      "import io.netty.buffer.Unpooled;",
      "import io.netty.channel.*;",
      "import io.netty.channel.nio.NioEventLoopGroup;",
      "import io.netty.channel.socket.SocketChannel;",
      "import io.netty.channel.socket.nio.NioServerSocketChannel;",
      "import io.netty.handler.codec.http.*;",
      "import java.nio.charset.StandardCharsets;",
      "import java.util.TreeMap;",
      "import java.util.concurrent.*;",
      "import java.util.concurrent.atomic.AtomicInteger;",
      "public class VoteServer {",
      "  static final ConcurrentHashMap<String, AtomicInteger> votes = new ConcurrentHashMap<>();",
      "  public static void main(String[] a) throws Exception {",
      "    EventLoopGroup boss = new NioEventLoopGroup(1), workers = new NioEventLoopGroup(2);",
      "    CountDownLatch stop = new CountDownLatch(1);",
      "    try {",
      "      Channel ch = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)",
      "        .childHandler(new ChannelInitializer<SocketChannel>() {",
      "          protected void initChannel(SocketChannel c) {",
      "            c.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65536),",
      "                new SimpleChannelInboundHandler<FullHttpRequest>() {",
      "              protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {",
      "                QueryStringDecoder q = new QueryStringDecoder(req.uri());",
      "                String body;",
      "                switch (q.path()) {",
      "                  case \"/vote\": String c = q.parameters().get(\"c\").get(0);",
      "                    body = c + \"=\" + votes.computeIfAbsent(c, k -> new AtomicInteger()).incrementAndGet(); break;",
      "                  case \"/tally\": body = new TreeMap<>(votes).toString(); break;",
      "                  case \"/stop\": body = \"bye\"; stop.countDown(); break;",
      "                  default: body = \"?\";",
      "                }",
      "                System.out.println(req.method() + \" \" + req.uri() + \" -> \" + body);",
      "                FullHttpResponse resp = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,",
      "                    Unpooled.copiedBuffer(body + \"\\n\", StandardCharsets.UTF_8));",
      "                resp.headers().set(HttpHeaderNames.CONTENT_LENGTH, resp.content().readableBytes());",
      "                ctx.writeAndFlush(resp);",
      "              }",
      "            });",
      "          }",
      "        }).bind(\"127.0.0.1\", 0).sync().channel();",
      "      System.out.println(\"listening on \" + ((java.net.InetSocketAddress) ch.localAddress()).getPort());",
      "      stop.await();",
      "      ch.close().sync();",
      "      System.out.println(\"final \" + new TreeMap<>(votes));",
      "    } finally {",
      "      boss.shutdownGracefully(0, 5, TimeUnit.SECONDS);",
      "      workers.shutdownGracefully(0, 5, TimeUnit.SECONDS);",
      "    }",
      "  }",
      "}",
      "");

  private static final String VOTER = String.join("\n",
      "import java.net.URI;",
      "import java.net.http.*;",
      "import java.util.*;",
      "import java.util.concurrent.CompletableFuture;",
      "public class Voter {",
      "  public static void main(String[] a) throws Exception {",
      "    String base = \"http://127.0.0.1:\" + a[0];",
      "    HttpClient c = HttpClient.newHttpClient();",
      "    String[] colours = {\"red\", \"blue\", \"red\", \"green\", \"red\", \"blue\"};",
      "    List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();",
      "    for (int i = 0; i < 30; i++) {",
      "      sent.add(c.sendAsync(HttpRequest.newBuilder(URI.create(base + \"/vote?c=\" + colours[i % colours.length]))",
      "          .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()));",
      "    }",
      "    for (CompletableFuture<HttpResponse<String>> f : sent) f.join();",
      "    System.out.print(c.send(HttpRequest.newBuilder(URI.create(base + \"/tally\")).build(),",
      "        HttpResponse.BodyHandlers.ofString()).body());",
      "    c.send(HttpRequest.newBuilder(URI.create(base + \"/stop\")).build(), HttpResponse.BodyHandlers.ofString());",
      "  }",
      "}",
      "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aNettyHttpServerReplaysItsVotesAgainAndAgainWithoutItsClient(Jvm jvm) {
    Path work = Scratch.dir("netty-server-" + jvm.label());
    String netty = nettyClassPath();
    Path classes = JavaSource.compile(work.resolve("classes"), "VoteServer", SERVER, netty);
    JavaSource.compile(classes, "Voter", VOTER);
    String classPath = classes.toAbsolutePath() + File.pathSeparator + netty;
    Path recording = work.resolve("recording");
    Outcome recorded;
    try (Peer server = Peer.recordedFrom(jvm, recording, classPath, "VoteServer")) {
      Outcome voter = Exec.run(List.of(jvm.java(), "-cp", classes.toAbsolutePath().toString(), "Voter",
          String.valueOf(server.port())), work);
      assertEquals(0, voter.exitStatus(), voter.describe());
      assertEquals("{blue=10, green=5, red=15}\n", voter.stdout(), voter.describe());
      recorded = server.await();
    }
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("GET /tally -> {blue=10, green=5, red=15}\n")
        && recorded.stdout().endsWith("final {blue=10, green=5, red=15}\n"), recorded.describe());

    for (int i = 1; i <= REPLAYS; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording),
          "replay " + i + " of " + REPLAYS + " of the Netty server without its client");
    }
  }

  /** The jars of Netty on the tests' class path: each carries Netty's version file. */
  private static String nettyClassPath() {
    TreeSet<String> jars = new TreeSet<>();
    try {
      for (URL u : Collections.list(NettyServerReplayTest.class.getClassLoader()
          .getResources("META-INF/io.netty.versions.properties"))) {
        URL jar = ((JarURLConnection) u.openConnection()).getJarFileURL();
        jars.add(Paths.get(jar.toURI()).toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    assertTrue(jars.size() >= 5, "Netty's jars on the tests' class path: " + jars);
    return String.join(File.pathSeparator, jars);
  }
}
