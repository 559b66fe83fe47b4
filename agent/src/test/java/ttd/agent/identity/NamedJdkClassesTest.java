package ttd.agent.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import ttd.agent.AgentMain;
import ttd.log.EventKind;
import ttd.runtime.Hooks;

/**
 * The list {@link NamedJdkClasses} loads is the one the compiled classes give (run with -am for the
 * log and runtime), with the ASM libraries the agent's rewriters run.
 */
class NamedJdkClassesTest {

  private static final Pattern JDK = Pattern.compile("(java|javax|jdk|sun|com/sun)/[^;<>\\[]+");
  private static final Pattern REFERENCE = Pattern.compile("L((?:java|javax|jdk|sun|com/sun)/[^;<>]+)[;<]");

  @Test
  void theListHoldsExactlyTheJdkClassesTtdsAgentLogRuntimeAndAsmClassesName() throws Exception {
    TreeSet<String> named = new TreeSet<>();
    for (Class<?> of : List.of(AgentMain.class, EventKind.class, Hooks.class, ClassReader.class, ClassNode.class,
        Analyzer.class)) {
      for (byte[] classFile : classFiles(Path.of(of.getProtectionDomain().getCodeSource().getLocation().toURI()))) {
        names(classFile, named);
      }
    }
    String expected = String.join("\n", named);
    assertEquals(expected, String.join("\n", NamedJdkClasses.names()),
        "agent/src/main/resources/ttd/agent/identity/" + NamedJdkClasses.LIST + " should read:\n" + expected);
  }

  private static List<byte[]> classFiles(Path root) throws IOException {
    List<byte[]> files = new ArrayList<>();
    if (Files.isDirectory(root)) {
      try (Stream<Path> all = Files.walk(root)) {
        for (Path p : (Iterable<Path>) all::iterator) {
          if (p.toString().endsWith(".class")) {
            files.add(Files.readAllBytes(p));
          }
        }
      }
      return files;
    }
    try (ZipFile jar = new ZipFile(root.toFile())) {
      for (ZipEntry e : Collections.list(jar.entries())) {
        if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")) {
          try (InputStream in = jar.getInputStream(e)) {
            files.add(in.readAllBytes());
          }
        }
      }
    }
    return files;
  }

  /** The JDK classes one class file names: its class constants and the types in its descriptors, signatures and strings. */
  private static void names(byte[] classFile, TreeSet<String> into) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    in.readInt();
    in.readInt();
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    List<Integer> classes = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classes.add(in.readUnsignedShort());
        case 8, 16, 19, 20 -> in.readUnsignedShort();
        case 15 -> in.skipBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
        case 5, 6 -> {
          in.readLong();
          i++;
        }
        default -> throw new IOException("constant pool tag " + tag);
      }
    }
    for (int c : classes) {
      String name = utf8[c].replaceFirst("^\\[*L?", "").replaceFirst(";$", "");
      if (JDK.matcher(name).matches()) {
        into.add(name.replace('/', '.'));
      }
    }
    for (String s : utf8) {
      if (s != null) {
        Matcher m = REFERENCE.matcher(s);
        while (m.find()) {
          into.add(m.group(1).replace('/', '.'));
        }
      }
    }
  }
}
