package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A {@code WatchService} records and replays: its poller thread waits in a native {@code poll}
 * for inotify events or a request, which must not hold the scheduler's baton (the recording hung
 * there, main waiting for its registration forever), and a replay gets the events from the
 * recording, with the watched directory gone.
 */
class WatchServiceReplayTest {

  /**
   * A config-reload loop: a watcher thread takes keys and reports the changes it sees while main
   * writes, rewrites and deletes files, waiting each time until the watcher has seen the change;
   * then a cancelled key, a second service's {@code poll} with and without an event before its
   * timeout, and {@code close} ending the watcher's {@code take}.
   */
  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "import java.util.*;",
          "import java.util.concurrent.*;",
          "import static java.nio.file.StandardWatchEventKinds.*;",
          "public class Reload {",
          "  static final BlockingQueue<String> seen = new LinkedBlockingQueue<>();",
          "  public static void main(String[] args) throws Exception {",
          "    Path dir = Files.createDirectories(Path.of(args[0]));",
          "    WatchService ws = FileSystems.getDefault().newWatchService();",
          "    WatchKey key = dir.register(ws, ENTRY_CREATE, ENTRY_MODIFY, ENTRY_DELETE);",
          "    Thread watcher = new Thread(() -> {",
          "      try {",
          "        while (true) {",
          "          WatchKey k = ws.take();",
          "          for (WatchEvent<?> e : k.pollEvents()) {",
          "            if (e.kind() == OVERFLOW) continue;",
          "            String what = e.kind().name() + ' ' + e.context();",
          "            try {",
          "              if (e.kind() != ENTRY_DELETE) what += \" = \" + Files.readString(dir.resolve((Path) e.context()));",
          "            } catch (NoSuchFileException gone) {",
          "              what += \" (gone)\";",
          "            }",
          "            seen.add(what);",
          "          }",
          "          k.reset();",
          "        }",
          "      } catch (ClosedWatchServiceException e) {",
          "        seen.add(\"watcher closed\");",
          "      } catch (Exception e) {",
          "        seen.add(\"watcher failed \" + e);",
          "      }",
          "    }, \"config-watcher\");",
          "    watcher.start();",
          "    for (int round = 0; round < 3; round++) {",
          "      Path conf = dir.resolve(\"app\" + round + \".conf\");",
          "      Files.writeString(conf, \"v\" + round + \"a\");",
          "      awaitLine(\"ENTRY_CREATE app\" + round + \".conf\");",
          "      Files.writeString(conf, \"v\" + round + \"b\");",
          "      awaitLine(\"ENTRY_MODIFY app\" + round + \".conf = v\" + round + \"b\");",
          "      Files.delete(conf);",
          "      awaitLine(\"ENTRY_DELETE app\" + round + \".conf\");",
          "    }",
          "    key.cancel();",
          "    System.out.println(\"cancelled, valid \" + key.isValid());",
          "    Path sub = Files.createDirectories(dir.resolve(\"sub\"));",
          "    try (WatchService polled = FileSystems.getDefault().newWatchService()) {",
          "      WatchKey subKey = sub.register(polled, ENTRY_CREATE);",
          "      Files.writeString(sub.resolve(\"x.conf\"), \"x\");",
          "      WatchKey k = polled.poll(20, TimeUnit.SECONDS);",
          "      System.out.println(\"polled \" + (k == subKey) + \" \" + k.pollEvents().get(0).context());",
          "      k.reset();",
          "      System.out.println(\"nothing more: \" + polled.poll(100, TimeUnit.MILLISECONDS));",
          "    }",
          "    ws.close();",
          "    awaitLine(\"watcher closed\");",
          "    watcher.join();",
          "    System.out.println(\"done\");",
          "  }",
          "  static void awaitLine(String prefix) throws InterruptedException {",
          "    while (true) {",
          "      String s = seen.poll(20, TimeUnit.SECONDS);",
          "      if (s == null) { System.out.println(\"timed out waiting for \" + prefix); System.exit(3); }",
          "      if (s.startsWith(prefix)) { System.out.println(prefix); return; }",
          "    }",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aConfigWatcherRecordsAsWithoutTtdAndReplaysWithItsDirectoryGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("watch-service-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Reload", PROGRAM);
    Path dir = work.resolve("conf");

    Scratch.deleteTree(dir);
    Outcome plain = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "Reload", dir.toString()), work);
    assertEquals(0, plain.exitStatus(), plain.describe());
    assertEquals("done", plain.stdoutLines().get(plain.stdoutLines().size() - 1), plain.describe());

    Scratch.deleteTree(dir);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Reload", dir.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(plain.stdout(), recorded.stdout(), recorded.describe());

    Scratch.deleteTree(dir);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Reload");
    assertFalse(Files.exists(dir), "the replay created " + dir);
  }
}
