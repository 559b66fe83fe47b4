package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's own {@code Pipe} between two of its threads records to the end and replays, in
 * non-blocking mode on selectors and in blocking mode. Two megabytes go through the pipe, so the
 * writer fills it and waits for room.
 */
class PipeReplayTest {

  private static final String PROGRAM = """
      import java.nio.ByteBuffer;
      import java.nio.channels.*;
      public class PipeTransfer {
        public static void main(String[] args) throws Exception {
          boolean selecting = args[0].equals("selectors");
          Pipe pipe = Pipe.open();
          pipe.source().configureBlocking(!selecting);
          pipe.sink().configureBlocking(!selecting);
          Thread producer = new Thread(() -> {
            try (Selector writable = selecting ? Selector.open() : null) {
              if (selecting) {
                pipe.sink().register(writable, SelectionKey.OP_WRITE);
              }
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
                  if (pipe.sink().write(chunk) == 0) { // non-blocking, and the pipe is full
                    writable.select();
                    writable.selectedKeys().clear();
                    waits++;
                  }
                }
              }
              pipe.sink().close();
              if (selecting) {
                System.out.println("producer waited for room " + (waits > 0 ? "at times" : "never"));
              }
            } catch (Exception e) {
              throw new RuntimeException(e);
            }
          }, "producer");
          producer.start();
          long sum = 0;
          long total = 0;
          try (Selector readable = selecting ? Selector.open() : null) {
            if (selecting) {
              pipe.source().register(readable, SelectionKey.OP_READ);
            }
            ByteBuffer buffer = ByteBuffer.allocate(8192);
            while (true) {
              if (selecting) {
                readable.select();
                readable.selectedKeys().clear();
              }
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

  /**
   * Both ends non-blocking, each registered with a selector of its thread. The recorded selections
   * name the recording's descriptor numbers, and the replay knew only sockets and wake-up
   * descriptors: "a selector event for recorded fd 26; no socket or selector replay created stands
   * for that fd" (exit 86). {@code Pipe.open} now goes through the hook {@code EPollPort}'s wake-up
   * pipe used, which maps both ends.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aPipeWhoseEndsTwoThreadsSelectOnReplays(Jvm jvm) {
    Outcome recorded = recordAndReplay(jvm, "selectors");
    assertTrue(recorded.stdout().startsWith("producer waited for room at times\nread 1966080 bytes, checksum "),
        recorded.describe());
  }

  /**
   * Both ends in blocking mode: the reader used to keep the baton inside the dispatcher's {@code
   * read0} (a native, RUNNABLE, so not taken for stuck) and the writer never ran; the recording hung
   * until killed. A blocking read or write of a pipe end now gives up the baton while it runs, and
   * its bytes are logged and served in replay, where the schedule alone no longer decides how much
   * a read finds.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aPipeReadAndWrittenInBlockingModeRecordsToTheEndAndReplays(Jvm jvm) {
    Outcome recorded = recordAndReplay(jvm, "blocking");
    assertTrue(recorded.stdout().startsWith("read 1966080 bytes, checksum "), recorded.describe());
  }

  private static Outcome recordAndReplay(Jvm jvm, String mode) {
    Path work = Scratch.dir("pipe-" + mode + "-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "PipeTransfer", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "PipeTransfer", mode);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("", recorded.stderr(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of PipeTransfer " + mode + " on " + jvm);
    return recorded;
  }
}
