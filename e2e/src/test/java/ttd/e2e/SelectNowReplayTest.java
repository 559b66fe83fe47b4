package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Threads polling one selector with {@code selectNow()} record to the end and replay. The JDK
 * selects inside the selector's monitor; the recording gave up the baton at every wait, also at a
 * {@code selectNow}'s, which cannot block, and the thread it went to blocked for real on that
 * monitor with the baton: the recording stopped after 5 s, incomplete (6 of 6 on JDK 17 and 25; the
 * JDK's HTTP client's selector thread against WireMock). A {@code selectNow} now keeps the baton.
 * Its replay must still take the scheduled thread's path: a first try of this change read "kept
 * the baton" as "not scheduled" in the replay, which then waited for real for wake-ups the
 * recording's selections had seen (the virtual-thread HTTP server replayed 10 of 12); here a
 * third thread wakes the selector up and writes to a socket the selecting thread reads when ready.
 */
class SelectNowReplayTest {

  private static final String PROGRAM = """
      import java.net.*;
      import java.nio.ByteBuffer;
      import java.nio.channels.*;
      public class SelectNow {
        public static void main(String[] args) throws Exception {
          Selector selector = Selector.open();
          long start = System.nanoTime();
          Runnable poll = () -> {
            try {
              for (int i = 0; i < 2000; i++) {
                selector.selectNow();
              }
            } catch (Exception e) {
              throw new RuntimeException(e);
            }
          };
          Thread a = new Thread(poll, "a");
          Thread b = new Thread(poll, "b");
          a.start();
          b.start();
          a.join();
          b.join();
          ServerSocketChannel server = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
          SocketChannel client = SocketChannel.open(server.getLocalAddress());
          SocketChannel accepted = server.accept();
          accepted.configureBlocking(false);
          accepted.register(selector, SelectionKey.OP_READ);
          Thread waker = new Thread(() -> {
            try {
              for (int i = 0; i < 300; i++) {
                selector.wakeup();
                if (i == 150) {
                  client.write(ByteBuffer.wrap(new byte[] {42}));
                }
                Thread.yield();
              }
            } catch (Exception e) {
              throw new RuntimeException(e);
            }
          }, "waker");
          waker.start();
          int spins = 0;
          int read = 0;
          ByteBuffer buffer = ByteBuffer.allocate(16);
          while (waker.isAlive() || read == 0) {
            if (selector.selectNow() > 0) {
              buffer.clear();
              read += accepted.read(buffer);
            }
            selector.selectedKeys().clear();
            spins++;
          }
          waker.join();
          selector.close();
          System.out.println("4000 selectNow calls in " + (System.nanoTime() - start) / 1_000_000 + " ms");
          System.out.println("then " + spins + " while woken up, " + read + " byte read");
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void twoThreadsPollingOneSelectorRecordToTheEndAndReplay(Jvm jvm) {
    Path work = Scratch.dir("select-now-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "SelectNow", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "SelectNow");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("4000 selectNow calls in ")
        && recorded.stdout().contains(" while woken up, 1 byte read\n"), recorded.describe());
    assertEquals("", recorded.stderr(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of SelectNow on " + jvm);
  }
}
