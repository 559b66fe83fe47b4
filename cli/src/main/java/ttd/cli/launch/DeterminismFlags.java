package ttd.cli.launch;

import java.util.List;

/**
 * JVM flags that {@code ttd record} and {@code ttd replay} add so that the JVM itself varies less.
 *
 * <p>They stop the JVM from creating compiler and GC threads on demand and from deflating monitors
 * on a wall-clock timer, each of which draws from the global identity-hash generator at moments
 * that depend on timing (see docs/ARCHITECTURE.md). The agent does not depend on them (it restores
 * each thread's hash state), but they make recordings sturdier where that state cannot be read.
 */
public final class DeterminismFlags {

  public static final List<String> FLAGS =
      List.of(
          "-XX:+UnlockDiagnosticVMOptions",
          "-XX:GuaranteedAsyncDeflationInterval=0",
          "-XX:-UseDynamicNumberOfCompilerThreads",
          "-XX:-UseDynamicNumberOfGCThreads");

  private DeterminismFlags() {}
}
