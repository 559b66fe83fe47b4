package ttd.agent;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Keeps the agent's own ASM out of C2, so the JIT's second tier is free for the program.
 *
 * <p>The agent parses and rewrites hundreds of classes as the program starts; ASM's methods then
 * get hot and queue C2 compilations at the very moment the program's own hot loop asks for C2, and
 * that loop runs its slower C1 code several times longer than without the agent (LockBench, the
 * recorded workers' CPU time against the pinned plain run: JDK 17 1.8x, 1.4x with this directive;
 * JDK 25 1.4x, 1.0x). Excluded from C2, ASM runs C1-compiled, which is what a few hundred class
 * rewrites need.
 *
 * <p>The directive names {@code ttd/agent/shaded/asm}, where the agent's build relocates its ASM,
 * never an application's {@code org.objectweb.asm}. It is added the way {@code jcmd
 * Compiler.directives_add} adds one, through the JVM's diagnostic command entry point (the
 * {@code -XX:CompilerDirectivesFile} flag needs diagnostic options unlocked on the command line).
 * Only speed depends on it: anything that fails leaves the JVM as it was.
 */
final class CompilerDirectives {

  /**
   * C2 excluded (C1 compiles them at tier 1 instead) for the agent's relocated ASM, and for the
   * JDK's internal copy, with which JDK 17 spins lambdas and lambda forms, the agent's method
   * handles' many of them at start-up (no application can use that copy; JDK 25 has none).
   */
  static final String DIRECTIVES =
      "[{ match: [\"ttd/agent/shaded/asm/*.*\", \"jdk/internal/org/objectweb/asm/*.*\"],"
          + " c2: { Exclude: true } }]\n";

  private CompilerDirectives() {}

  /**
   * Adds {@link #DIRECTIVES} to this JVM's directive stack; returns the JVM's answer, or null
   * when it could not be asked.
   *
   * @param dir a private directory of ttd's, where the JVM reads the directive file from
   */
  static String add(Instrumentation inst, Path dir) {
    try {
      Optional<Module> management = ModuleLayer.boot().findModule("jdk.management");
      if (management.isEmpty() || dir == null) {
        return null;
      }
      inst.redefineModule(
          management.get(),
          Set.of(),
          Map.of(),
          Map.of("com.sun.management.internal", Set.of(CompilerDirectives.class.getModule())),
          Set.of(),
          Map.of());
      // its initialiser loads the library behind the diagnostic command natives
      Class.forName("com.sun.management.internal.PlatformMBeanProviderImpl", true, null);
      Class<?> impl =
          Class.forName("com.sun.management.internal.DiagnosticCommandImpl", true, null);
      Method get = impl.getDeclaredMethod("getDiagnosticCommandMBean");
      get.setAccessible(true);
      Object commands = get.invoke(null);
      if (commands == null) {
        return null; // this JVM takes no diagnostic commands from Java
      }
      Method execute = impl.getDeclaredMethod("executeDiagnosticCommand", String.class);
      execute.setAccessible(true);
      File file = write(dir);
      try {
        return (String) execute.invoke(commands, "Compiler.directives_add \"" + file + "\"");
      } finally {
        file.delete(); // the JVM has read it
      }
    } catch (Throwable t) {
      return null;
    }
  }

  /**
   * Writes the directive file for this run, with plain java.io, in record and replay alike: a file
   * written only by a ttd.jar's first run would load and link JDK classes, and draw identity
   * hashes, in that recording only and not in its replay.
   */
  private static File write(Path dir) throws IOException {
    String name = "compiler-directives-" + Long.toHexString(System.nanoTime()) + ".json";
    File file = new File(dir.toFile(), name);
    try (FileOutputStream out = new FileOutputStream(file)) {
      out.write(DIRECTIVES.getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }
}
