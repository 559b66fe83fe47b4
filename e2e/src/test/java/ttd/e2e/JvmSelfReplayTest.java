package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a JVM says about itself replays: its pid, the management beans' uptime, start time, CPU
 * time, collections, memory usage and load average, what the OS says about this process and its
 * parent (command line, start, CPU time, user, liveness), the ids of its threads, and the identity
 * hashes of objects made after the program used many JDK facilities for the first time (dates and
 * time zones, the environment, Base64, URL connections, channels, collections, streams, formatting,
 * the local host's name, a file's lines, the operating-system bean, a set of JDK enum
 * constants). Those first uses hash shared JDK objects, and ttd's own start-up uses different ones in
 * record and replay; a replay that differed printed other hashes from the first date it formatted
 * on.
 */
class JvmSelfReplayTest {

  private static final String FACILITIES =
      String.join(
          "\n",
          "import java.util.*;",
          "public class F {",
          "  static void h(String what) { System.out.println(what + \" \" + new Object().hashCode()); }",
          "  public static void main(String[] a) throws Exception {",
          "    h(\"start\");",
          "    System.out.println(java.time.Instant.ofEpochSecond(0)); h(\"instant\");",
          "    System.out.println(java.time.LocalDateTime.ofEpochSecond(0, 0, java.time.ZoneOffset.UTC).format(java.time.format.DateTimeFormatter.ofPattern(\"yyyyMMdd-HHmmss\"))); h(\"pattern\");",
          "    System.out.println(new Date(0).toString().length()); h(\"date\");",
          "    System.out.println(System.getenv().containsKey(\"NO_SUCH_VAR_TTD\")); h(\"getenv\");",
          "    System.out.println(Thread.currentThread().getState()); h(\"state\");",
          "    Properties p = new Properties(); p.setProperty(\"a\", \"b\"); System.out.println(p.stringPropertyNames()); h(\"properties\");",
          "    System.out.println(Base64.getEncoder().encodeToString(new byte[] {1, 2, 3})); h(\"base64\");",
          "    System.out.println(new java.net.URL(\"http://localhost/x\").openConnection().getClass().getSimpleName()); h(\"urlconnection\");",
          "    System.out.println(java.nio.channels.Channels.newInputStream(java.nio.channels.Channels.newChannel(new java.io.ByteArrayInputStream(new byte[1]))).read()); h(\"channels\");",
          "    System.out.println(new TreeMap<>(Map.of(\"k\", 1)).keySet()); h(\"treemap\");",
          "    System.out.println(new IdentityHashMap<>(Map.of(\"k\", 1)).keySet()); h(\"identitymap\");",
          "    System.out.println(String.format(\"%08.3f|%s\", 3.14159, List.of(1, 2))); h(\"format\");",
          "    System.out.println(java.util.stream.Stream.of(\"b\", \"a\").sorted().collect(java.util.stream.Collectors.joining(\",\"))); h(\"stream\");",
          "    System.out.println(java.nio.file.Paths.get(\"/tmp\").toAbsolutePath()); h(\"path\");",
          "    System.out.println(java.util.logging.Logger.getLogger(\"x\").getName()); h(\"logging\");",
          "    System.out.println(java.util.regex.Pattern.compile(\"a+b\").matcher(\"aab\").matches()); h(\"regex\");",
          "    System.out.println(java.text.NumberFormat.getInstance().format(1234567.891)); h(\"numberformat\");",
          "    System.out.println(String.valueOf(new java.math.BigDecimal(\"1.10\").setScale(1, java.math.RoundingMode.HALF_UP))); h(\"bigdecimal\");",
          "    System.out.println(java.net.InetAddress.getLocalHost().getHostName().isEmpty()); h(\"localhost\");",
          "    System.out.println(new HashSet<>(List.of(java.nio.file.StandardOpenOption.CREATE_NEW)).size()); h(\"openoption\");",
          "    try (var s = java.nio.file.Files.lines(java.nio.file.Path.of(System.getProperty(\"java.home\"), \"release\"))) { System.out.println(s.count() > 0); } h(\"lines\");",
          "    System.out.println(java.lang.management.ManagementFactory.getOperatingSystemMXBean().getAvailableProcessors()); h(\"osbean\");",
          "    java.nio.file.Path t = java.nio.file.Files.createTempFile(\"ttd\", \".txt\"); java.nio.file.Files.writeString(t, \"x\"); h(\"writestring\");",
          "    java.nio.file.Path u = t.resolveSibling(t.getFileName() + \".moved\"); java.nio.file.Files.move(t, u, java.nio.file.StandardCopyOption.ATOMIC_MOVE); java.nio.file.Files.delete(u); h(\"move\");",
          "    System.out.println(java.nio.channels.ServerSocketChannel.class.getSimpleName()); h(\"serverchannel\");",
          "    System.out.println(new java.io.File(\"/\").list(new java.io.FilenameFilter() { public boolean accept(java.io.File d, String n) { return false; } }).length); h(\"filenamefilter\");",
          "    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(java.nio.file.Path.of(System.getProperty(\"java.home\"), \"release\"))) { System.out.println(ch.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, 0, 4).get(0)); } h(\"mapped\");",
          "  }",
          "}",
          "");

  private static final String FIGURES =
      String.join(
          "\n",
          "import java.lang.management.*;",
          "public class Figures {",
          "  public static void main(String[] a) throws Exception {",
          "    RuntimeMXBean rt = ManagementFactory.getRuntimeMXBean();",
          "    System.out.println(\"pid \" + ProcessHandle.current().pid() + \" start \" + rt.getStartTime() + \" uptime \" + rt.getUptime());",
          "    System.out.println(\"cpu \" + ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());",
          "    System.out.println(\"heap \" + ManagementFactory.getMemoryMXBean().getHeapMemoryUsage());",
          "    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())",
          "      System.out.println(\"gc \" + gc.getName() + \" \" + gc.getCollectionCount() + \" \" + gc.getCollectionTime());",
          "    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) System.out.println(\"pool \" + p.getName() + \" \" + p.getUsage().getUsed());",
          "    com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();",
          "    System.out.println(\"os \" + os.getProcessCpuTime() + \" \" + os.getFreeMemorySize() + \" \" + os.getCpuLoad() + \" load \" + os.getSystemLoadAverage());",
          "    ProcessHandle.Info info = ProcessHandle.current().info();",
          "    System.out.println(\"info \" + info.command() + \" \" + info.arguments().map(java.util.Arrays::toString) + \" \" + info.startInstant() + \" \" + info.totalCpuDuration() + \" \" + info.user());",
          "    Thread worker = new Thread(() -> {}); worker.start(); worker.join();",
          "    System.out.println(\"threads \" + Thread.currentThread().getId() + \" \" + worker.getId() + \" \" + worker.getName());",
          "    long parent = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L);",
          "    System.out.println(\"parent \" + parent + \" alive \" + ProcessHandle.of(parent).map(ProcessHandle::isAlive) + \" \" + ProcessHandle.of(parent).flatMap(p -> p.info().startInstant()));",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void identityHashesAfterFirstUsesOfJdkFacilitiesReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("facilities-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "F", FACILITIES);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "F");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("bigdecimal "), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of F");
  }

  /**
   * The first start of a new ttd.jar (no cache of the JDK's loaded classes yet) writes that cache
   * while recording; the replay, a later start, only reads it. Writing it must not link JDK classes
   * the program links later (the program's first temporary file drew other hashes in the replay).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void identityHashesReplayWhenTheRecordingWasTheFirstStartOfANewTtdJar(Jvm jvm) throws Exception {
    Path freshJar = TtdRun.takeSnapshot(TtdRun.builtJar());
    Path work = Scratch.dir("facilities-first-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "F", FACILITIES);
    Path recording = work.resolve("recording");
    Outcome recorded =
        Exec.run(List.of(jvm.java(), "-javaagent:" + freshJar + "=out=" + recording + ",quiet", "-cp", classes.toString(), "F"), work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    Outcome replayed = Exec.run(List.of(jvm.java(), "-jar", freshJar.toString(), "replay", recording.toString()), work);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of F recorded by a new ttd.jar's first start");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void pidAndManagementFiguresReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("figures-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Figures", FIGURES);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Figures");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("gc "), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of Figures");
  }

  private static final String ARGUMENTS =
      String.join(
          "\n",
          "public class Arguments {",
          "  public static void main(String[] a) {",
          "    for (String arg : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {",
          "      if (arg.startsWith(\"-D\") || arg.startsWith(\"-javaagent\")) System.out.println(\"arg \" + arg);",
          "    }",
          "  }",
          "}",
          "");

  /**
   * The JVM's input arguments, as {@code RuntimeMXBean} lists them, are the recording's: a replay
   * runs with an agent option and flags of its own, and Tomcat's start-up looks for an option in
   * the list (found by the divergence finder on the corpus's {@code tomcat.EmbeddedServlet}).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theJvmsInputArgumentsReplayAsRecorded(Jvm jvm) throws Exception {
    Path work = Scratch.dir("arguments-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Arguments", ARGUMENTS);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Arguments");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("arg -javaagent:"), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of Arguments");
  }

  private static final String XML_AND_REFLECTION =
      String.join(
          "\n",
          "import java.lang.reflect.*;",
          "public class Xml {",
          "  volatile long timeout = 30000; volatile int size = 10; String name = \"pool\"; boolean auto = true;",
          "  java.util.Properties props = new java.util.Properties(); Object source; static boolean unitTest;",
          "  static void h(String what) { System.out.println(what + \" \" + new Object().hashCode()); }",
          "  public static void main(String[] a) throws Exception {",
          "    h(\"start\");",
          "    javax.xml.parsers.SAXParser parser = javax.xml.parsers.SAXParserFactory.newInstance().newSAXParser(); h(\"saxparser\");",
          "    parser.parse(new org.xml.sax.InputSource(new java.io.StringReader(\"<configuration><a x='1'/></configuration>\")),",
          "        new org.xml.sax.helpers.DefaultHandler() { public void startElement(String u, String l, String q, org.xml.sax.Attributes at) { System.out.println(\"element \" + q); } });",
          "    h(\"parse\");",
          "    Xml from = new Xml(), to = new Xml();",
          "    for (Field f : Xml.class.getDeclaredFields()) {",
          "      if (!Modifier.isFinal(f.getModifiers())) { f.setAccessible(true); f.set(to, f.get(from)); h(\"copied \" + f.getName()); }",
          "    }",
          "    Xml.class.getMethod(\"resize\", int.class).invoke(to, 20); h(\"invoked resize\");",
          "    System.out.println(Xml.class.getConstructor(String.class).newInstance(\"made\").name); h(\"constructed\");",
          "  }",
          "  public Xml() {}",
          "  public Xml(String n) { name = n; }",
          "  public void resize(int s) { size = s; }",
          "}",
          "");

  /**
   * The program's first XML parser (Logback reading its configuration) and its first reflective
   * copy of fields (HikariCP's configuration), method call and construction draw the same identity
   * hashes as recorded: ttd's start-ups had left a JDK class hashed in one mode only (JAXP's parser
   * then hashed it in the other, JDK 17) and made reflection's method handles in one mode only
   * (JDK 25), and every later hash of the thread differed (H2's registry keys, Jetty's thread pool
   * name in the corpus).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void identityHashesAfterTheFirstXmlParserAndReflectiveFieldCopyReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("xml-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Xml", XML_AND_REFLECTION);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Xml");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("element a"), recorded.describe());
    assertTrue(recorded.stdout().contains("copied unitTest"), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of Xml");
  }
}
