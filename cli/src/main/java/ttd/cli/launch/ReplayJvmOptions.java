package ttd.cli.launch;

import java.util.List;

/**
 * Recorded JVM options that a replay must not pass on: a replay performs no external side effect,
 * and these make the JVM itself act on the world, past every hook: load native agents, run shell
 * commands on an error, write heap dumps, logs, flight recordings or class-data archives.
 */
final class ReplayJvmOptions {

  private static final List<String> PREFIXES =
      List.of(
          "-agentpath:", "-agentlib:", "-Xrun", "-XX:OnError", "-XX:OnOutOfMemoryError",
          "-XX:+HeapDumpOnOutOfMemoryError", "-XX:+HeapDumpBeforeFullGC", "-XX:+HeapDumpAfterFullGC",
          "-XX:HeapDumpPath", "-XX:ErrorFile", "-Xloggc:", "-XX:LogFile", "-XX:+LogCompilation",
          "-XX:+LogVMOutput", "-XX:StartFlightRecording", "-XX:FlightRecorderOptions", "-XX:+FlightRecorder",
          "-XX:ArchiveClassesAtExit", "-XX:+PerfDataSaveToFile", "-XX:PerfDataSaveFile",
          "-XX:+CreateCoredumpOnCrash", "-Xshare:dump");

  private ReplayJvmOptions() {}

  static boolean actsOnTheWorld(String option) {
    for (String p : PREFIXES) {
      if (option.startsWith(p)) {
        return true;
      }
    }
    return option.startsWith("-Xlog") && option.contains("file=");
  }
}
