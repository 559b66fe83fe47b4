package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Asynchronous socket channels ({@code AsynchronousSocketChannel}, {@code
 * AsynchronousServerSocketChannel}) talk to real peers in other JVMs on loopback while recorded,
 * and replay with no peer: the channel group's port threads, their epoll waits and wake-up pipe,
 * and the hand-overs of completions to the program's threads follow the log.
 */
class AsyncChannelReplayTest {

  private static final int CLIENTS = 3;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void anAsyncClientWhoseResponseArrivesSplitReplaysTheSameBrokenParse(Jvm jvm) {
    // the server sends each response in two segments a moment apart; on a loaded machine they can
    // still arrive together, so record again (a bounded number of times) until the split shows
    SplitReadRecording split = SplitReadRecording.of(jvm, "async-split-read", "ttd.samples.net.AsyncQuoteClient");
    Outcome recorded = split.recorded();
    Path recording = split.recording();
    assertEquals(1, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("connected to port "), recorded.describe());
    // the completion handler ran on the default group's thread and failed the frame's future
    assertTrue(recorded.stderr().contains("Exception in thread \"main\" java.util.concurrent.ExecutionException")
        && recorded.stderr().contains("at ttd.samples.net.AsyncQuoteClient$1.completed"), recorded.describe());

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of the split-read async client");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void anAsyncClientInAFixedThreadPoolGroupReplaysWithoutTheServer(Jvm jvm) {
    Path work = Scratch.dir("async-pool-client-" + jvm.label());
    Path recording = work.resolve("recording");
    Outcome recorded;
    try (Peer server = Peer.plain(jvm, work, "ttd.samples.net.QuoteServer")) {
      recorded = TtdRun.record(jvm, recording, TtdRun.samplesClassPath(false), "ttd.samples.net.AsyncQuoteClient",
          "localhost:" + server.port(), "--pool");
    }
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("UMBRELLA      5 x   230.00 =    1150.00\nportfolio value: 14097.50\n"),
        recorded.describe());

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of the async client in a fixed pool");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void anAsyncServerAcceptingSeveralClientsReplaysWithoutThem(Jvm jvm) {
    Path work = Scratch.dir("async-desk-" + jvm.label());
    Path recording = work.resolve("recording");
    Outcome recorded;
    try (Peer desk = Peer.recorded(jvm, recording, "ttd.samples.net.AsyncQuoteDesk", String.valueOf(CLIENTS))) {
      Outcome crowd = Exec.run(List.of(jvm.java(), "-cp", TtdRun.samplesClassPath(false), "ttd.samples.net.QuoteCrowd",
          String.valueOf(desk.port()), String.valueOf(CLIENTS)), work);
      assertEquals(0, crowd.exitStatus(), crowd.describe());
      assertTrue(crowd.stdout().contains("client-2: INITECH 12.75 USD / UMBRELLA 230.00 USD\n"), crowd.describe());
      recorded = desk.await();
    }
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("quoted UMBRELLA 230.00 USD\n")
        && recorded.stdout().endsWith("journal: " + 2 * CLIENTS + " entries, " + 2 * CLIENTS + " quotes counted\n"),
        recorded.describe());

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of the async desk without its clients");
  }

  private static final String IMPATIENT =
      String.join(
          "\n",
          "import java.net.*;",
          "import java.nio.ByteBuffer;",
          "import java.nio.channels.*;",
          "import java.util.concurrent.*;",
          "public class Impatient {",
          "  public static void main(String[] args) throws Exception {",
          "    try (AsynchronousSocketChannel c = AsynchronousSocketChannel.open()) {",
          "      c.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0]))).get();",
          "      CompletableFuture<String> r = new CompletableFuture<>();",
          "      c.read(ByteBuffer.allocate(16), 200, TimeUnit.MILLISECONDS, null, new CompletionHandler<Integer, Void>() {",
          "        public void completed(Integer n, Void v) { r.complete(\"read \" + n); }",
          "        public void failed(Throwable e, Void v) { r.complete(\"failed: \" + e); }",
          "      });",
          "      System.out.println(r.get());",
          "    }",
          "    try (AsynchronousSocketChannel c = AsynchronousSocketChannel.open()) {",
          "      c.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[1]))).get();",
          "    }",
          "  }",
          "}",
          "");

  /**
   * A read that times out (the group's timer thread fails it) and a refused connect whose stack
   * trace the program prints: both replay as recorded, the stack trace line for line.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aTimedOutReadAndARefusedConnectReplayWithTheirStackTrace(Jvm jvm) throws Exception {
    Path work = Scratch.dir("async-failures-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Impatient", IMPATIENT);
    Path recording = work.resolve("recording");
    int closedPort;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    Outcome recorded;
    try (Peer server = Peer.plain(jvm, work, "ttd.samples.net.QuoteServer")) {
      recorded = TtdRun.record(jvm, recording, classes.toString(), "Impatient", String.valueOf(server.port()),
          String.valueOf(closedPort));
    }
    assertEquals(1, recorded.exitStatus(), recorded.describe());
    assertEquals("failed: java.nio.channels.InterruptedByTimeoutException\n", recorded.stdout(), recorded.describe());
    assertTrue(recorded.stderr().contains("Caused by: java.net.ConnectException: Connection refused\n"
        + "\tat java.base/sun.nio.ch.UnixAsynchronousSocketChannelImpl.checkConnect(Native Method)\n"
        + "\tat java.base/sun.nio.ch.UnixAsynchronousSocketChannelImpl.finishConnect("), recorded.describe());
    assertTrue(!recorded.stderr().contains("ttd."), "no frame of ttd in the program's stack trace:" + recorded.describe());

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of the timed-out read and refused connect");
  }

  private static String asyncGreeter(String symbol) {
    return String.join(
        "\n",
        "import java.net.*;",
        "import java.nio.ByteBuffer;",
        "import java.nio.channels.*;",
        "public class AsyncGreeter {",
        "  public static void main(String[] args) throws Exception {",
        "    try (AsynchronousSocketChannel c = AsynchronousSocketChannel.open()) {",
        "      c.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0]))).get();",
        "      System.out.println(\"connected\");",
        "      c.write(ByteBuffer.wrap(\"QUOTE " + symbol + "\\nBYE\\n\".getBytes(\"UTF-8\"))).get();",
        "      ByteBuffer answer = ByteBuffer.allocate(256);",
        "      while (c.read(answer).get() >= 0) {",
        "      }",
        "      System.out.println(\"answer: \" + new String(answer.array(), 0, answer.position(), \"UTF-8\"));",
        "    }",
        "  }",
        "}",
        "");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayDivergesWhenAnAsyncChannelWritesOtherBytes(Jvm jvm) {
    SocketWriteDivergence.check(jvm, "async-write-divergence", "AsyncGreeter", AsyncChannelReplayTest::asyncGreeter);
  }
}
