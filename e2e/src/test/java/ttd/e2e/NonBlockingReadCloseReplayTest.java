package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A thread polling a quiet non-blocking channel (reading one nobody writes to, or writing one whose
 * peer reads nothing) while two others close it records to the end and replays. The recording gave up the baton inside every read that found nothing, while the reader
 * held the channel's read lock; a closer then took the channel's {@code closeLock} (a JDK monitor)
 * and waited for the read lock, and the second closer blocked on {@code closeLock} for real with the
 * baton: the recording stopped after 5 s, incomplete (6 of 6 on JDK 17 and 25; WireMock's fault
 * stubs, where Jetty and the fault injector both close one endpoint). A non-blocking read now keeps
 * the baton and offers the turn at the reader's next tick, outside the lock. A writer holds the
 * write lock the same way, which a closer waits for as well: WireMock's fault stubs over Jetty's
 * HTTP/2 still stopped (1 of 1 on 17) until a non-blocking write kept the baton too (3 of 3 on 17
 * and 25 after).
 */
class NonBlockingReadCloseReplayTest {

  private static final String PROGRAM = """
      import java.net.*;
      import java.nio.ByteBuffer;
      import java.nio.channels.*;
      public class QuietChannel {
        public static void main(String[] args) throws Exception {
          boolean write = args[0].equals("write");
          int channels = write ? 10 : 50;
          ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
          for (int i = 0; i < channels; i++) {
            SocketChannel client = SocketChannel.open();
            client.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
            client.connect(server.getLocalAddress());
            SocketChannel accepted = server.accept();
            accepted.setOption(StandardSocketOptions.SO_SNDBUF, 4096);
            accepted.configureBlocking(false);
            Thread reader = new Thread(() -> {
              ByteBuffer b = ByteBuffer.allocate(64);
              ByteBuffer out = ByteBuffer.allocate(1024);
              try {
                if (write) {
                  while (true) {
                    out.clear();
                    accepted.write(out); // 0 once the peer's window and the send buffer are full
                  }
                }
                while (accepted.read(b) == 0) {
                  // polls
                }
              } catch (Exception closed) {
                // the closers won
              }
            }, write ? "writer" : "reader");
            Runnable close = () -> {
              try {
                accepted.close();
              } catch (Exception e) {
                throw new RuntimeException(e);
              }
            };
            Thread a = new Thread(close, "closer-a");
            Thread b = new Thread(close, "closer-b");
            reader.start();
            a.start();
            b.start();
            reader.join();
            a.join();
            b.join();
            client.close();
          }
          server.close();
          System.out.println("closed " + channels + " quiet channels (" + args[0] + ") at " + System.nanoTime());
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aQuietNonBlockingChannelClosedTwiceRecordsToTheEndAndReplays(Jvm jvm) {
    closedTwice(jvm, "read");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aFullNonBlockingChannelClosedTwiceRecordsToTheEndAndReplays(Jvm jvm) {
    closedTwice(jvm, "write");
  }

  private static void closedTwice(Jvm jvm, String mode) {
    Path work = Scratch.dir("non-blocking-" + mode + "-close-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "QuietChannel", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "QuietChannel", mode);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("", recorded.stderr(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of QuietChannel on " + jvm);
  }
}
