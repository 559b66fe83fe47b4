package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A thread polling a quiet non-blocking channel while two others close it records to the end and
 * replays. The recording gave up the baton inside every read that found nothing, while the reader
 * held the channel's read lock; a closer then took the channel's {@code closeLock} (a JDK monitor)
 * and waited for the read lock, and the second closer blocked on {@code closeLock} for real with the
 * baton: the recording stopped after 5 s, incomplete (6 of 6 on JDK 17 and 25; WireMock's fault
 * stubs, where Jetty and the fault injector both close one endpoint). A non-blocking read now keeps
 * the baton and offers the turn at the reader's next tick, outside the lock.
 */
class NonBlockingReadCloseReplayTest {

  private static final String PROGRAM = """
      import java.net.*;
      import java.nio.ByteBuffer;
      import java.nio.channels.*;
      public class QuietChannel {
        public static void main(String[] args) throws Exception {
          ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
          for (int i = 0; i < 50; i++) {
            SocketChannel client = SocketChannel.open(server.getLocalAddress());
            SocketChannel accepted = server.accept();
            accepted.configureBlocking(false);
            Thread reader = new Thread(() -> {
              ByteBuffer b = ByteBuffer.allocate(64);
              try {
                while (accepted.read(b) == 0) {
                  // polls
                }
              } catch (Exception closed) {
                // the closers won
              }
            }, "reader");
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
          System.out.println("closed 50 quiet channels at " + System.nanoTime());
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aQuietNonBlockingChannelClosedTwiceRecordsToTheEndAndReplays(Jvm jvm) {
    Path work = Scratch.dir("non-blocking-read-close-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "QuietChannel", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "QuietChannel");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("", recorded.stderr(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of QuietChannel on " + jvm);
  }
}
