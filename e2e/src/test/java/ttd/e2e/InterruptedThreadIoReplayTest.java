package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The program's I/O on a thread that carries an interrupt, where ttd does I/O of its own for it:
 * the status is the program's, so ttd's own channels must not stop (and close) at it.
 *
 * <p>Before: a write through a {@code RandomAccessFile} or a {@code FileOutputStream} to a file the
 * program maps shared, on an interrupted thread, is not interruptible, but its replay applies it to
 * the file's shadow through a {@code FileChannel}, which threw {@code ClosedByInterruptException}
 * (and closed the shadow): the replay diverged at "an uncaught exception" (status 86) on 17 and 25.
 * A jar the program hands the boot loader through {@code Instrumentation} (Mockito's inline mock
 * maker) on an interrupted thread: the replay writes the recorded bytes to a copy of its own
 * ({@code OwnerOnly.write}, a {@code newByteChannel}), which threw, and the replay ended at that
 * uncaught failure (status 86) on 17 and 25. An agent another process has the JVM load while the
 * program's thread that reaches that point in the replay carries an interrupt: the replay's wait
 * for the agent's {@code agentmain} ended at the interrupt, so the program went on before the agent
 * had loaded and found nothing of it (a divergence at the next output, status 86) on 17 and 25.
 */
class InterruptedThreadIoReplayTest {

  private static final String JOURNAL = String.join("\n",
      "import java.io.*;",
      "import java.nio.MappedByteBuffer;",
      "import java.nio.channels.FileChannel;",
      "import java.nio.file.*;",
      "public class MappedJournal {",
      "  public static void main(String[] args) throws Exception {",
      "    Path dir = Files.createTempDirectory(\"journal\");",
      "    File file = dir.resolve(\"journal.bin\").toFile();",
      "    try (RandomAccessFile journal = new RandomAccessFile(file, \"rw\")) {",
      "      journal.setLength(4096);",
      "      MappedByteBuffer view = journal.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, 4096);",
      "      Thread.currentThread().interrupt(); // a cancelled request: the thread carries the interrupt on",
      "      long stamp = System.nanoTime() % 1000;",
      "      journal.seek(64);",
      "      journal.writeLong(stamp); // the mapping shows it",
      "      System.out.println(\"the mapping sees \" + view.getLong(64) + \" of \" + stamp);",
      "      try (FileOutputStream tail = new FileOutputStream(file, true)) {",
      "        tail.write(new byte[] {7, 7});",
      "      }",
      "      journal.setLength(2048);",
      "      view.putInt(128, 5);",
      "      journal.seek(128);",
      "      System.out.println(\"length \" + journal.length() + \", the file sees \" + journal.readInt());",
      "    }",
      "    Files.delete(file.toPath());",
      "    Files.delete(dir);",
      "    System.out.println(\"still interrupted: \" + Thread.interrupted());",
      "  }",
      "}");

  private static final String AGENT = String.join("\n",
      "import java.lang.instrument.Instrumentation;",
      "public class Keeper {",
      "  public static volatile Instrumentation inst;",
      "  public static void premain(String options, Instrumentation i) { inst = i; }",
      "}");

  private static final String PLUGIN = String.join("\n",
      "package plugin;",
      "public class Stamp {",
      "  public static String of(long x) { return \"stamp-\" + Long.toHexString(x) + \" by \" + Stamp.class.getClassLoader(); }",
      "}");

  private static final String MOCKS = String.join("\n",
      "import java.io.*;",
      "import java.nio.file.*;",
      "import java.util.jar.*;",
      "public class Mocks {",
      "  public static void main(String[] args) throws Exception {",
      "    byte[] plugin = Files.readAllBytes(Paths.get(args[0]));",
      "    for (boolean boot : new boolean[] {true, false}) {",
      "      File jar = File.createTempFile(boot ? \"boot\" : \"system\", \".jar\");",
      "      try (JarOutputStream out = new JarOutputStream(new FileOutputStream(jar))) {",
      "        out.putNextEntry(new JarEntry((boot ? \"plugin\" : \"system\") + \"/Stamp.class\"));",
      "        out.write(boot ? plugin : rename(plugin));",
      "      }",
      "      Thread.currentThread().interrupt(); // a cancelled test: the runner's thread carries the interrupt on",
      "      JarFile file = new JarFile(jar);",
      "      if (boot) Keeper.inst.appendToBootstrapClassLoaderSearch(file); else Keeper.inst.appendToSystemClassLoaderSearch(file);",
      "      Class<?> c = Class.forName((boot ? \"plugin\" : \"system\") + \".Stamp\", true, boot ? null : ClassLoader.getSystemClassLoader());",
      "      System.out.println(c.getMethod(\"of\", long.class).invoke(null, System.nanoTime()));",
      "      System.out.println(\"interrupted \" + Thread.interrupted());",
      "      jar.delete();",
      "    }",
      "  }",
      "  /** The same class in package system: the constant pool's 'plugin/Stamp' becomes 'system/Stamp'. */",
      "  static byte[] rename(byte[] b) {",
      "    byte[] c = b.clone();",
      "    byte[] from = \"plugin/Stamp\".getBytes(), to = \"system/Stamp\".getBytes();",
      "    for (int i = 0; i + from.length <= c.length; i++) {",
      "      if (java.util.Arrays.equals(c, i, i + from.length, from, 0, from.length)) System.arraycopy(to, 0, c, i, to.length);",
      "    }",
      "    return c;",
      "  }",
      "}");

  private static final String SLOW_AGENT = String.join("\n",
      "import java.lang.instrument.Instrumentation;",
      "public class SlowKeeper {",
      "  public static volatile String options;",
      "  public static void agentmain(String o, Instrumentation i) {",
      "    long x = 0;",
      "    for (long k = 0; k < 600_000_000L; k++) x += k ^ (x >>> 3); // a start-up that takes a while",
      "    options = o + (x == 42 ? \"!\" : \"\");",
      "  }",
      "}");

  private static final String ATTACHER = String.join("\n",
      "import com.sun.tools.attach.VirtualMachine;",
      "public class Attacher {",
      "  public static void main(String[] args) throws Exception {",
      "    VirtualMachine vm = VirtualMachine.attach(args[0]);",
      "    vm.loadAgent(args[1], \"opts-\" + args[0].length());",
      "    vm.detach();",
      "  }",
      "}");

  private static final String LATE_MOCKS = String.join("\n",
      "public class LateMocks {",
      "  public static void main(String[] args) throws Exception {",
      "    Process attacher = new ProcessBuilder(args[0], \"-cp\", args[1], \"Attacher\",",
      "        Long.toString(ProcessHandle.current().pid()), args[2]).redirectErrorStream(true).start();",
      "    Thread.currentThread().interrupt(); // a cancelled test: the runner's thread carries the interrupt on",
      "    long work = 0;",
      "    while (attacher.isAlive()) { // the runner goes on with other work meanwhile",
      "      for (int i = 0; i < 200_000; i++) work += i ^ (work >>> 3);",
      "    }",
      "    System.out.println(\"attacher \" + attacher.exitValue() + (work == 42 ? \"!\" : \"\"));",
      "    Class<?> keeper = Class.forName(\"SlowKeeper\", true, ClassLoader.getSystemClassLoader());",
      "    System.out.println(\"agent \" + keeper.getField(\"options\").get(null) + \", interrupted \"",
      "        + Thread.currentThread().isInterrupted());",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void writesToAMappedFileOnAnInterruptedThreadReplay(Jvm jvm) {
    Path work = Scratch.dir("interrupted-mapped-writes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "MappedJournal", JOURNAL);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "MappedJournal");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("length 2048, the file sees 5\nstill interrupted: true"),
        recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of writes to a mapped file on an interrupted thread on "
        + jvm);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void jarsHandedToTheClassLoadersOnAnInterruptedThreadReplayWithTheJarsGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("interrupted-appended-jars-" + jvm.label());
    Path agentJar = agentJar(work);
    Path classes = JavaSource.compile(work.resolve("classes"), "Mocks", MOCKS, agentJar.toString());
    Path plugin = JavaSource.compile(work.resolve("plugin"), "Stamp", PLUGIN).resolve("plugin/Stamp.class");
    Path tmp = Files.createDirectories(work.resolve("tmp"));
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes + ":" + agentJar, "Mocks",
        List.of(plugin.toString()), new byte[0], "-javaagent:" + agentJar, "-Djava.io.tmpdir=" + tmp);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().matches("(?s)stamp-\\p{XDigit}+ by null\ninterrupted true\n"
        + "stamp-\\p{XDigit}+ by jdk.internal.loader.ClassLoaders\\$AppClassLoader\\S*\ninterrupted true\n"),
        recorded.describe());

    Files.delete(plugin);
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording),
        "replay of jars appended on an interrupted thread on " + jvm);
  }

  /** A jar holding {@code Keeper}, the agent, with a manifest naming it for premain. */
  private static Path agentJar(Path work) throws IOException {
    Path classes = JavaSource.compile(work.resolve("agent"), "Keeper", AGENT);
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().putValue("Premain-Class", "Keeper");
    Path jar = work.resolve("keeper.jar");
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, m)) {
      out.putNextEntry(new JarEntry("Keeper.class"));
      out.write(Files.readAllBytes(classes.resolve("Keeper.class")));
    }
    return jar;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void anAgentLoadedWhereAnInterruptedThreadGoesOnIsThereWhenItLooks(Jvm jvm) throws Exception {
    Path work = Scratch.dir("interrupted-attached-agent-" + jvm.label());
    Path agentClasses = JavaSource.compile(work.resolve("agent"), "SlowKeeper", SLOW_AGENT);
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().putValue("Agent-Class", "SlowKeeper");
    Path agentJar = work.resolve("slow-keeper.jar");
    try (OutputStream file = Files.newOutputStream(agentJar); JarOutputStream out = new JarOutputStream(file, m)) {
      out.putNextEntry(new JarEntry("SlowKeeper.class"));
      out.write(Files.readAllBytes(agentClasses.resolve("SlowKeeper.class")));
    }
    Path classes = JavaSource.compile(work.resolve("classes"), "LateMocks", LATE_MOCKS);
    JavaSource.compile(classes, "Attacher", ATTACHER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes.toString(), "LateMocks",
        List.of(jvm.java(), classes.toString(), agentJar.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().matches("(?s)attacher 0\nagent opts-\\d+, interrupted true\n"), recorded.describe());

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording),
        "replay of an agent loaded where an interrupted thread goes on, on " + jvm);
  }
}
