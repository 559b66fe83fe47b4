package ttd.agent.instrument;

import java.util.Map;
import java.util.Set;

/**
 * The JVM's own figures that {@code java.lang.management} and {@code com.sun.management} hand out:
 * uptime, start time, CPU and allocation counters, garbage collections, class and thread counts,
 * safepoints, operating-system memory and load, memory usage. They come from natives that differ
 * run to run, so their results are exchanged at the call sites, as {@code Runtime.freeMemory} is.
 *
 * <p>Most are reached through the JDK's own wrappers (a private native behind a public method, or
 * {@code VMManagement}, an interface with one native implementation); the garbage collectors'
 * figures are public natives the program calls through the MXBean interface, so those interface
 * calls are rewritten where the program makes them. The load average, read into an array, is
 * exchanged at its Java method's return ({@code ManagementOperatingSystemInstrumentation}); thread
 * dumps are not covered.
 */
final class ManagementCalls {

  private static final Set<String> VM =
      Set.of(
          "getProcessId", "getStartupTime", "getUptime0", "getAvailableProcessors",
          "getTotalCompileTime", "getTotalThreadCount", "getLiveThreadCount", "getPeakThreadCount",
          "getDaemonThreadCount", "getSafepointCount", "getTotalSafepointTime",
          "getSafepointSyncTime", "getTotalApplicationNonStoppedTime", "getLoadedClassSize",
          "getUnloadedClassSize", "getClassLoadingTime", "getMethodDataSize",
          "getInitializedClassCount", "getClassInitializationTime", "getClassVerificationTime",
          "getTotalClassCount", "getUnloadedClassCount");

  private static final Set<String> COLLECTIONS = Set.of("getCollectionCount", "getCollectionTime");

  private static final Map<String, Set<String>> CALLEES =
      Map.of(
          "sun/management/VMManagementImpl", VM,
          "sun/management/VMManagement", VM,
          "sun/management/ThreadImpl",
          Set.of("getThreadTotalCpuTime0", "getThreadUserCpuTime0", "getThreadAllocatedMemory0",
              "getTotalThreadAllocatedMemory"),
          "sun/management/GarbageCollectorImpl", COLLECTIONS,
          "java/lang/management/GarbageCollectorMXBean", COLLECTIONS,
          "com/sun/management/GarbageCollectorMXBean", COLLECTIONS,
          "com/sun/management/internal/OperatingSystemImpl",
          Set.of("getCommittedVirtualMemorySize0", "getFreeMemorySize0", "getFreeSwapSpaceSize0",
              "getMaxFileDescriptorCount0", "getOpenFileDescriptorCount0", "getProcessCpuTime0",
              "getProcessCpuLoad0", "getCpuLoad0", "getTotalMemorySize0", "getTotalSwapSpaceSize0",
              "getSingleCpuLoad0", "getHostConfiguredCpuCount0", "getHostOnlineCpuCount0",
              "getHostTotalCpuTicks0"),
          "sun/management/HotspotThread", Set.of("getInternalThreadCount"),
          "sun/management/MemoryImpl", Set.of("getMemoryUsage0"),
          "sun/management/MemoryPoolImpl", Set.of("getUsage0", "getPeakUsage0", "getCollectionUsage0"));

  /** Class names whose presence in a constant pool means a call site may be here (QuickScan). */
  static final String[] OWNERS = CALLEES.keySet().toArray(new String[0]);

  private ManagementCalls() {}

  /** Whether a call of {@code owner.name desc} is one whose result is exchanged. */
  static boolean exchanged(String owner, String name, String desc) {
    Set<String> names = CALLEES.get(owner);
    if (names == null || !names.contains(name)) {
      return false;
    }
    String result = desc.substring(desc.indexOf(')') + 1);
    return result.equals("J") || result.equals("I") || result.equals("D")
        || result.equals("Ljava/lang/management/MemoryUsage;");
  }
}
