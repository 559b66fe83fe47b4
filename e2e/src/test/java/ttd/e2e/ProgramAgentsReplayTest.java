package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * The program's own Java agents replay with it, as Mockito's inline mock maker does when it is put
 * on the command line: the agent keeps its {@code Instrumentation}, and the program writes a jar to
 * its temporary directory and hands it to the boot and the system class loaders, which the JVM
 * reads natively. Before, a replay left the program's agent out (its {@code Instrumentation} was
 * null), and the jar, never written in a replay, held no classes.
 *
 * <p>An agent that another process has the JVM load while the program runs (Mockito's default,
 * through Byte Buddy's attacher) loads again in the replay where it had loaded, from the
 * recording's copy of its jar, with the capabilities and the JDK's warning (21+) it had. Before,
 * the recording stopped there and the replay refused it.
 */
class ProgramAgentsReplayTest {

  private static final String AGENT = String.join("\n",
      "import java.lang.instrument.Instrumentation;",
      "public class Keeper {",
      "  public static volatile Instrumentation inst;",
      "  public static void premain(String options, Instrumentation i) { inst = i; System.out.println(\"premain \" + options); }",
      "  public static volatile String options;",
      "  public static final java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();",
      "  public static void agentmain(String o, Instrumentation i) {",
      "    inst = i; options = o;",
      "    i.addTransformer(new java.lang.instrument.ClassFileTransformer() {",
      "      public byte[] transform(ClassLoader l, String name, Class<?> c, java.security.ProtectionDomain d, byte[] b) {",
      "        seen.add(name); return null;",
      "      }",
      "    }, true);",
      "  }",
      "}");

  private static final String PLUGIN = String.join("\n",
      "package plugin;",
      "public class Stamp {",
      "  public static String of(long x) { return \"stamp-\" + Long.toHexString(x) + \" by \" + Stamp.class.getClassLoader(); }",
      "}");

  private static final String PROGRAM = String.join("\n",
      "import java.nio.file.*;",
      "import java.util.jar.*;",
      "public class Hands {",
      "  public static void main(String[] args) throws Exception {",
      "    byte[] plugin = Files.readAllBytes(Paths.get(args[0]));",
      "    for (boolean boot : new boolean[] {true, false}) {",
      "      Path jar = Files.createTempFile(boot ? \"boot\" : \"system\", \".jar\");",
      "      try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {",
      "        out.putNextEntry(new JarEntry((boot ? \"plugin\" : \"system\") + \"/Stamp.class\"));",
      "        out.write(boot ? plugin : rename(plugin));",
      "      }",
      "      JarFile file = new JarFile(jar.toFile());",
      "      if (boot) Keeper.inst.appendToBootstrapClassLoaderSearch(file); else Keeper.inst.appendToSystemClassLoaderSearch(file);",
      "      Class<?> c = Class.forName((boot ? \"plugin\" : \"system\") + \".Stamp\", true, boot ? null : ClassLoader.getSystemClassLoader());",
      "      System.out.println(c.getMethod(\"of\", long.class).invoke(null, System.nanoTime()));",
      "      Files.delete(jar);",
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

  private static final String ATTACHER = String.join("\n",
      "import com.sun.tools.attach.VirtualMachine;",
      "public class Attacher {",
      "  public static void main(String[] args) throws Exception {",
      "    VirtualMachine vm = VirtualMachine.attach(args[0]);",
      "    vm.loadAgent(args[1], \"opts-\" + args[0].length());",
      "    vm.detach();",
      "  }",
      "}");

  private static final String SELF_ATTACHING = String.join("\n",
      "public class SelfAttaching {",
      "  public static void main(String[] args) throws Exception {",
      "    Process p = new ProcessBuilder(args[0], \"-cp\", args[1], \"Attacher\", Long.toString(ProcessHandle.current().pid()), args[2])",
      "        .start();",
      "    System.out.println(\"attacher \" + p.waitFor() + \", agent \" + (Keeper.inst != null) + \" \" + Keeper.options);",
      "    System.out.println(\"retransform \" + Keeper.inst.isRetransformClassesSupported() + \", prefix \" + Keeper.inst.isNativeMethodPrefixSupported());",
      "    Keeper.inst.retransformClasses(Probe.class);",
      "    System.out.println(\"saw Probe \" + Keeper.seen.contains(\"SelfAttaching$Probe\") + \" at \" + System.nanoTime() % 1000);",
      "  }",
      "  static class Probe {",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theProgramsAgentAndTheJarsItAppendsReplayWithTheFilesGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("program-agent-" + jvm.label());
    Path agentJar = agentJar(work);
    Path classes = JavaSource.compile(work.resolve("classes"), "Hands", PROGRAM, agentJar.toString());
    Path plugin = JavaSource.compile(work.resolve("plugin"), "Stamp", PLUGIN).resolve("plugin/Stamp.class");
    Path tmp = Files.createDirectories(work.resolve("tmp"));
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes + ":" + agentJar, "Hands",
        List.of(plugin.toString()), new byte[0], "-javaagent:" + agentJar + "=kept", "-Djava.io.tmpdir=" + tmp);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("premain kept\nstamp-"), recorded.describe());
    assertTrue(recorded.stdout().contains(" by null\n"), "the boot loader's class: " + recorded.describe());
    assertTrue(recorded.stdout().contains(" by jdk.internal.loader.ClassLoaders$AppClassLoader"), recorded.describe());

    Files.delete(plugin);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay with the plugin and the jars gone");
    assertEquals(List.of(), List.of(tmp.toFile().list()), "the replay wrote a jar in the program's directory");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void anAgentAnotherProcessLoadsReplaysWhereItLoadedWithItsJarGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("attached-agent-" + jvm.label());
    Path agentJar = agentJar(work);
    Path classes = JavaSource.compile(work.resolve("classes"), "SelfAttaching", SELF_ATTACHING, agentJar.toString());
    JavaSource.compile(classes, "Attacher", ATTACHER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes + ":" + agentJar, "SelfAttaching",
        List.of(jvm.java(), classes.toString(), agentJar.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().matches("(?s)attacher 0, agent true opts-\\d+\nretransform true, prefix true\n"
        + "saw Probe true at \\d+\n"), recorded.describe());
    assertFalse(recorded.stderr().contains("recording stops"), recorded.describe());

    Files.delete(agentJar);
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay with the agent's jar gone");
  }

  /** A jar holding {@code Keeper}, the agent, with a manifest naming it for premain and agentmain. */
  private static Path agentJar(Path work) throws IOException {
    Path classes = JavaSource.compile(work.resolve("agent"), "Keeper", AGENT);
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().putValue("Premain-Class", "Keeper");
    m.getMainAttributes().putValue("Agent-Class", "Keeper");
    m.getMainAttributes().putValue("Can-Retransform-Classes", "true");
    m.getMainAttributes().putValue("Can-Set-Native-Method-Prefix", "true");
    Path jar = work.resolve("keeper.jar");
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, m)) {
      for (String name : List.of("Keeper.class", "Keeper$1.class")) {
        out.putNextEntry(new JarEntry(name));
        out.write(Files.readAllBytes(classes.resolve(name)));
      }
    }
    return jar;
  }
}
