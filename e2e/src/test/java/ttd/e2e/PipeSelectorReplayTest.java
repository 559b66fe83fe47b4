package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's own {@code Pipe}, both ends non-blocking and each registered with a selector of its
 * thread, replays. The pipe's ends are real in replay too (what one thread writes the other reads,
 * in the replayed order), but the recorded selections name the recording's descriptor numbers,
 * and the replay knew only sockets and wake-up descriptors: "a selector event for recorded fd 26;
 * no socket or selector replay created stands for that fd" (exit 86). {@code Pipe.open} now goes
 * through the hook {@code EPollPort}'s wake-up pipe used, which maps both ends. Two megabytes go
 * through the pipe, so the writer fills it and waits for room.
 */
class PipeSelectorReplayTest {

  private static final String PROGRAM = """
      import java.nio.ByteBuffer;
      import java.nio.channels.*;
      public class PipeSelectors {
        public static void main(String[] args) throws Exception {
          Pipe pipe = Pipe.open();
          pipe.source().configureBlocking(false);
          pipe.sink().configureBlocking(false);
          Thread producer = new Thread(() -> {
            try (Selector writable = Selector.open()) {
              pipe.sink().register(writable, SelectionKey.OP_WRITE);
              ByteBuffer chunk = ByteBuffer.allocate(48 * 1024);
              int waits = 0;
              for (int i = 0; i < 40; i++) {
                long seed = System.nanoTime();
                chunk.clear();
                while (chunk.hasRemaining()) {
                  seed = seed * 6364136223846793005L + 1442695040888963407L;
                  chunk.put((byte) (seed >>> 56));
                }
                chunk.flip();
                while (chunk.hasRemaining()) {
                  if (pipe.sink().write(chunk) == 0) {
                    writable.select();
                    writable.selectedKeys().clear();
                    waits++;
                  }
                }
              }
              pipe.sink().close();
              System.out.println("producer waited for room " + (waits > 0 ? "at times" : "never"));
            } catch (Exception e) {
              throw new RuntimeException(e);
            }
          }, "producer");
          producer.start();
          long sum = 0;
          long total = 0;
          try (Selector readable = Selector.open()) {
            pipe.source().register(readable, SelectionKey.OP_READ);
            ByteBuffer buffer = ByteBuffer.allocate(8192);
            while (true) {
              readable.select();
              readable.selectedKeys().clear();
              buffer.clear();
              int n = pipe.source().read(buffer);
              if (n < 0) {
                break;
              }
              total += n;
              for (int k = 0; k < n; k++) {
                sum = sum * 31 + buffer.get(k);
              }
            }
          }
          producer.join();
          System.out.println("read " + total + " bytes, checksum " + sum);
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aPipeWhoseEndsTwoThreadsSelectOnReplays(Jvm jvm) {
    Path work = Scratch.dir("pipe-selectors-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "PipeSelectors", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "PipeSelectors");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("producer waited for room at times\nread 1966080 bytes, checksum "),
        recorded.describe());
    assertEquals("", recorded.stderr(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of PipeSelectors on " + jvm);
  }
}
