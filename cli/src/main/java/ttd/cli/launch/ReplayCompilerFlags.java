package ttd.cli.launch;

import java.util.List;

/**
 * HotSpot flags that make a replay JVM compile its start-up's code with C1 only: C2 takes a method
 * after ten times the usual number of calls or loop iterations.
 *
 * <p>A replay (and each replay the debugger runs to go backwards) starts the agent, Chronicle and
 * the rewriting of the classes already loaded before the program's first instruction; on two cores
 * C2 spent about 0.4 s of CPU compiling that start-up's JDK methods, beside the work it was
 * compiling for. Code that stays hot still reaches C2, a little later (bench/RESULTS.md has the
 * figures). They go before the recorded JVM options, so a recorded choice of the same flag wins.
 * Nothing a program can observe depends on them: the replay's clock, threads and inputs come from
 * the log.
 */
public final class ReplayCompilerFlags {

  public static final List<String> FLAGS =
      List.of(
          "-XX:Tier4InvocationThreshold=50000",
          "-XX:Tier4MinInvocationThreshold=6000",
          "-XX:Tier4CompileThreshold=150000",
          "-XX:Tier4BackEdgeThreshold=400000");

  private ReplayCompilerFlags() {}
}
