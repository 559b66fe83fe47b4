package ttd.agent.instrument;

import static ttd.agent.instrument.Capture.ANY;
import static ttd.agent.instrument.Capture.APPLICATION;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import ttd.agent.instrument.Capture.Jdks;
import ttd.agent.instrument.Capture.Named;
import ttd.agent.instrument.Capture.Rewrite;
import ttd.agent.io.NativeIoTable;
import ttd.agent.value.AppendedJars;
import ttd.agent.value.NetworkInterfaces;
import ttd.agent.value.ThreadInfos;
import ttd.agent.value.ThreadStacks;
import ttd.agent.value.ValueCapture;
import ttd.agent.value.ValueCodec;
import ttd.log.EventKind;

/**
 * Every JDK method ttd captures, one {@link Capture} row each: the one place a capture point is
 * named. The call-site rewriter's dispatch, the rewrites inside JDK types, the list of type
 * instrumentations and the quick scan's names are read off these rows, and {@code
 * CaptureTableTest} checks each row against the running JDK and the hook façades.
 *
 * <p>The native I/O rows are {@link NativeIoTable}'s (which the session also reads, for the names
 * of its operations); this table lists them beside the rest. Adding a capture point: see
 * docs/design/interception.md, "Adding a capture point".
 */
public final class CaptureTable {

  private static final String HOOKS = HookCalls.HOOKS;
  private static final String SCHEDULE = HookCalls.SCHEDULE_HOOKS;
  private static final String FILES = HookCalls.FILE_HOOKS;
  private static final String RANDOM = HookCalls.RANDOM_HOOKS;
  private static final String NET = "ttd/runtime/NetHooks";
  private static final String NATIVE_IO = NativeIoRewriter.HOOKS;

  private static final String OBJECT = "Ljava/lang/Object;";
  private static final String THREAD = "java/lang/Thread";
  private static final String FD = "Ljava/io/FileDescriptor;";
  private static final String ADDRESS = "Ljava/net/InetAddress;";
  private static final String TRANSFER = "(" + FD + "JI)";
  private static final String VALUE_HOOK = "(" + OBJECT + "II)" + OBJECT;
  private static final String VALUE_CALL_HOOK = "([" + OBJECT + "II)" + OBJECT;

  /** The JDK classes that call the network natives (each rewrites every network row). */
  private static final Set<String> NETWORK_CALLERS =
      Collections.unmodifiableSet(new LinkedHashSet<>(List.of(
          "sun/nio/ch/Net",
          "sun/nio/ch/NioSocketImpl",
          "sun/nio/ch/ServerSocketChannelImpl",
          "sun/nio/ch/SocketChannelImpl",
          "sun/nio/ch/SelChImpl",
          "sun/nio/ch/SocketDispatcher",
          "sun/nio/ch/EPollSelectorImpl",
          "sun/nio/ch/EventFD",
          // asynchronous channels and their port
          "sun/nio/ch/AsynchronousServerSocketChannelImpl",
          "sun/nio/ch/AsynchronousSocketChannelImpl",
          "sun/nio/ch/UnixAsynchronousServerSocketChannelImpl",
          "sun/nio/ch/UnixAsynchronousSocketChannelImpl",
          "sun/nio/ch/EPollPort",
          "sun/nio/ch/EPollPort$EventHandlerTask",
          // JDK 21+: the virtual-thread poller; the datagram channel
          "sun/nio/ch/EPollPoller",
          "sun/nio/ch/DatagramChannelImpl",
          "sun/nio/ch/DatagramDispatcher",
          "java/net/InetAddress$PlatformNameService",
          "java/net/InetAddress$PlatformResolver")));

  private static final List<Capture> ROWS = new ArrayList<>();

  static {
    // values any class may read: the call stays, its result goes through the hook
    clock("java/lang/System", "currentTimeMillis", "()J", "onSystemCurrentTimeMillis", EventKind.CLOCK_MILLIS);
    clock("java/lang/System", "nanoTime", "()J", "onSystemNanoTime", EventKind.CLOCK_NANOS);
    clock("jdk/internal/misc/VM", "getNanoTimeAdjustment", "(J)J", "onVmNanoTimeAdjustment", EventKind.CLOCK_ADJUSTMENT);
    result("java/lang/Runtime", "availableProcessors", "()I", "onRuntimeAvailableProcessors", EventKind.PROCESSORS);
    result("java/lang/Runtime", "freeMemory", "()J", "onRuntimeMemory", EventKind.MEMORY);
    result("java/lang/Runtime", "totalMemory", "()J", "onRuntimeMemory", EventKind.MEMORY);
    result("java/lang/Runtime", "maxMemory", "()J", "onRuntimeMemory", EventKind.MEMORY);
    result("java/net/InetAddressImpl", "getLocalHostName", "()Ljava/lang/String;", "onInetAddressHostName",
        EventKind.HOST_NAME);
    management();
    // where the JDK's own threads and the program's stand in their waits depends on timing
    String stacks = "[Ljava/lang/StackTraceElement;";
    value(THREAD, "dumpThreads", "([L" + THREAD + ";)[" + stacks, true, ThreadStacks.ALL, Jdks.ALL);
    value(THREAD, "asyncGetStackTrace", "()" + stacks, false, ThreadStacks.ONE, Jdks.AFTER_17);
    threadInfos();
    // the machine's time zone, which TimeZone.getDefault() reads where user.timezone is not given
    value("java/util/TimeZone", "getSystemTimeZoneID", "(Ljava/lang/String;)Ljava/lang/String;", true,
        ValueCodec.TEXT, Jdks.ALL);
    value("java/util/TimeZone", "getSystemGMTOffsetID", "()Ljava/lang/String;", true, ValueCodec.TEXT, Jdks.ALL);
    // whether stdin and stdout are terminals: System.console(), Console.isTerminal()
    value("java/io/Console", "istty", "()Z", true, ValueCodec.BOOLEAN, Jdks.UNTIL_21_BUT_17_BEFORE_UPDATE_20);
    value("java/io/Console", "ttyStatus", "()I", true, ValueCodec.INT, Jdks.FROM_22_AND_17_FROM_UPDATE_20);
    // whether the terminal echoes, which readPassword turns off and back on: a replay through a pipe has none
    valueCall("java/io/Console", "echo", "(Z)Z", ValueCodec.BOOLEAN, true, Jdks.UNTIL_21);
    valueCall("jdk/internal/io/JdkConsoleImpl", "echo", "(Z)Z", ValueCodec.BOOLEAN, true, Jdks.AFTER_17);
    // the machine's network interfaces: a replay elsewhere has others, and asking for a missing one fails
    String nif = "java/net/NetworkInterface";
    String one = "Ljava/net/NetworkInterface;";
    String byName = "(Ljava/lang/String;I)";
    valueCall(nif, "getAll", "()[" + one, NetworkInterfaces.ALL, true, Jdks.ALL);
    valueCall(nif, "getByName0", "(Ljava/lang/String;)" + one, NetworkInterfaces.ONE, true, Jdks.ALL);
    valueCall(nif, "getByIndex0", "(I)" + one, NetworkInterfaces.ONE, true, Jdks.ALL);
    valueCall(nif, "getByInetAddress0", "(" + ADDRESS + ")" + one, NetworkInterfaces.ONE, true, Jdks.ALL);
    valueCall(nif, "boundInetAddress0", "(" + ADDRESS + ")Z", ValueCodec.BOOLEAN, true, Jdks.ALL);
    for (String flag : List.of("isUp0", "isLoopback0", "supportsMulticast0", "isP2P0")) {
      valueCall(nif, flag, byName + "Z", ValueCodec.BOOLEAN, true, Jdks.ALL);
    }
    valueCall(nif, "getMacAddr0", "([BLjava/lang/String;I)[B", ValueCodec.BYTES, true, Jdks.ALL);
    valueCall(nif, "getMTU0", byName + "I", ValueCodec.INT, true, Jdks.ALL);
    // what the machine's network stack offers: whether InetAddress works with IPv6 (and so which
    // loopback address it picks), and what NIO's sockets may do, each read once by the program
    valueCall("java/net/InetAddressImplFactory", "isIPv6Supported", "()Z", ValueCodec.BOOLEAN, false,
        Jdks.UNTIL_17);
    valueCall("java/net/InetAddress", "isIPv6Supported", "()Z", ValueCodec.BOOLEAN, false, Jdks.AFTER_17);
    String net = "sun/nio/ch/Net";
    for (String offers : List.of("isIPv6Available0", "isReusePortAvailable0", "shouldSetBothIPv4AndIPv6Options0",
        "canIPv6SocketJoinIPv4Group0", "canJoin6WithIPv4Group0", "canUseIPv6OptionsWithIPv4LocalAddress0")) {
      valueCall(net, offers, "()Z", ValueCodec.BOOLEAN, false, Jdks.ALL);
    }
    valueCall(net, "shouldShutdownWriteBeforeClose0", "()Z", ValueCodec.BOOLEAN, false, Jdks.AFTER_17);
    valueCall(net, "isExclusiveBindAvailable", "()I", ValueCodec.INT, false, Jdks.ALL);

    // the scheduler's calls, in any class: replaced by hooks with the same stack shape
    for (String d : List.of("(J)V", "(JI)V")) {
      schedule(THREAD, "sleep", d, true, null, ANY, Named.THROUGH_THREAD_SUBCLASSES, Set.of(THREAD),
          "onThreadSleep", EventKind.SLEEP);
      schedule("java/lang/Object", "wait", d, false, OBJECT, ANY, Named.THROUGH_ANY_CLASS,
          Set.of("java/lang/Object"), "onObjectWait", EventKind.TIMED_WAIT);
    }
    schedule("java/lang/Object", "wait", "()V", false, OBJECT, ANY, Named.THROUGH_ANY_CLASS,
        Set.of("java/lang/Object"), "onObjectWait", null);
    // the JDK's own monitors are not in the model
    schedule("java/lang/Object", "notify", "()V", false, OBJECT, APPLICATION, Named.THROUGH_ANY_CLASS,
        Set.of("java/lang/Object"), "onObjectNotify", null);
    schedule("java/lang/Object", "notifyAll", "()V", false, OBJECT, APPLICATION, Named.THROUGH_ANY_CLASS,
        Set.of("java/lang/Object"), "onObjectNotifyAll", null);
    Set<String> threads = Set.of(THREAD, "java/lang/VirtualThread");
    String self = "L" + THREAD + ";";
    for (String d : List.of("()V", "(J)V", "(JI)V")) {
      schedule(THREAD, "join", d, false, self, ANY, Named.THROUGH_THREAD_SUBCLASSES, threads, "onThreadJoin", null);
    }
    schedule(THREAD, "isAlive", "()Z", false, self, APPLICATION, Named.THROUGH_THREAD_SUBCLASSES, threads,
        "onThreadIsAlive", null);
    schedule(THREAD, "isInterrupted", "()Z", false, self, ANY, Named.THROUGH_THREAD_SUBCLASSES, threads,
        "onThreadIsInterrupted", null);
    // getState stays a subclass's own where it declares one (ThreadMethods)
    schedule(THREAD, "getState", "()Ljava/lang/Thread$State;", false, self, APPLICATION,
        Named.THROUGH_THREAD_SUBCLASSES, threads, "onThreadGetState", null);
    schedule(THREAD, "yield", "()V", true, null, ANY, Named.THROUGH_THREAD_SUBCLASSES, threads, "onThreadYield", null);
    schedule(THREAD, "onSpinWait", "()V", true, null, ANY, Named.THROUGH_THREAD_SUBCLASSES, threads,
        "onThreadYield", null);
    // behind LockSupport, and so all of java.util.concurrent
    String unsafe = "jdk/internal/misc/Unsafe";
    schedule(unsafe, "park", "(ZJ)V", false, OBJECT, ANY, Named.EXACTLY, threads, "onThreadPark", null);
    schedule(unsafe, "unpark", "(Ljava/lang/Object;)V", false, OBJECT, ANY, Named.EXACTLY, threads,
        "onThreadUnpark", null);

    network();

    // natives called from their own class only: replaced, the receiver first
    String fos = "java/io/FileOutputStream";
    inType(fos, "open0", "(Ljava/lang/String;Z)V", FILES, "onFileOutputOpen", EventKind.FILE_WRITE_OPEN, Jdks.ALL);
    inType(fos, "write", "(IZ)V", FILES, "onFileOutputWrite", null, Jdks.ALL);
    inType(fos, "writeBytes", "([BIIZ)V", FILES, "onFileOutputWrite", null, Jdks.ALL);
    String fis = "java/io/FileInputStream";
    inType(fis, "open0", "(Ljava/lang/String;)V", FILES, "onFileInputOpen", EventKind.FILE_OPEN, Jdks.ALL);
    inType(fis, "read0", "()I", FILES, "onFileInputRead", EventKind.FILE_READ_BYTE, Jdks.ALL);
    inType(fis, "readBytes", "([BII)I", FILES, "onFileInputRead", EventKind.FILE_READ, Jdks.ALL);
    inType(fis, "length0", "()J", FILES, "onFileInputLength", EventKind.FILE_LENGTH, Jdks.AFTER_17);
    inType(fis, "position0", "()J", FILES, "onFileInputPosition", EventKind.FILE_POSITION, Jdks.AFTER_17);
    inType(fis, "skip0", "(J)J", FILES, "onFileInputSkip", EventKind.FILE_SKIP, Jdks.ALL);
    inType(fis, "available0", "()I", FILES, "onFileInputAvailable", EventKind.FILE_AVAILABLE, Jdks.ALL);
    inType(fis, "isRegularFile0", "(" + FD + ")Z", FILES, "onFileInputIsRegularFile", EventKind.FILE_IS_REGULAR,
        Jdks.AFTER_17);
    String spi = "java/security/SecureRandomSpi";
    String params = "Ljava/security/SecureRandomParameters;";
    inType(spi, "engineNextBytes", "([B)V", RANDOM, "onSecureRandomNextBytes", EventKind.SECURE_RANDOM, "java/security/SecureRandom");
    inType(spi, "engineNextBytes", "([B" + params + ")V", RANDOM, "onSecureRandomNextBytes", EventKind.SECURE_RANDOM,
        "java/security/SecureRandom");
    inType(spi, "engineGenerateSeed", "(I)[B", RANDOM, "onSecureRandomGenerateSeed", EventKind.SECURE_RANDOM,
        "java/security/SecureRandom");
    inType(spi, "engineSetSeed", "([B)V", RANDOM, "onSecureRandomSetSeed", EventKind.SECURE_RANDOM,
        "java/security/SecureRandom");
    inType(spi, "engineReseed", "(" + params + ")V", RANDOM, "onSecureRandomReseed", EventKind.SECURE_RANDOM,
        "java/security/SecureRandom");

    for (NativeIoTable.Entry e : NativeIoTable.entries()) {
      ROWS.add(new Capture(e.owner, e.name, e.desc, e.isStatic, Rewrite.NATIVE_IO, NATIVE_IO,
          NativeIoRewriter.hookName(e.desc), NativeIoRewriter.hookDescriptor(e), null,
          e.calledFromAnywhere() ? ANY : Set.of(e.callers()), Named.EXACTLY, Set.of(), false,
          e.calledFromAnywhere(), Jdks.ALL, null, null));
    }

    bodies();

    // a throwable's stack trace, built when first read: without ttd's frames, with the JDK's a hook stands for
    TypeInstrumentation traces = new StackTraceInstrumentation();
    String trace = "I)[Ljava/lang/StackTraceElement;";
    body(StackTraceInstrumentation.TYPE, "of", "(Ljava/lang/Throwable;" + trace, true, HOOKS,
        StackTraceInstrumentation.HOOK, StackTraceInstrumentation.HOOK_DESC, null, StackTraceInstrumentation.TYPE,
        traces, Jdks.UNTIL_17);
    body(StackTraceInstrumentation.TYPE, "of", "(Ljava/lang/Object;" + trace, true, HOOKS,
        StackTraceInstrumentation.HOOK, StackTraceInstrumentation.HOOK_DESC, null, StackTraceInstrumentation.TYPE,
        traces, Jdks.AFTER_17);
  }

  private CaptureTable() {}

  /** Changed bodies of JDK methods, each by the type instrumentation of its class. */
  private static void bodies() {
    TypeInstrumentation file = new FileInstrumentation();
    String fs = "java/io/FileSystem";
    String jfile = "Ljava/io/File;";
    String query = "(Ljava/lang/Object;Ljava/io/File;II)J";
    for (String[] q : new String[][] {
        {"hasBooleanAttributes", "(" + jfile + "I)Z"}, {"checkAccess", "(" + jfile + "I)Z"},
        {"getLastModifiedTime", "(" + jfile + ")J"}, {"getLength", "(" + jfile + ")J"},
        {"getSpace", "(" + jfile + "I)J"}}) {
      body(fs, q[0], q[1], false, FILES, "onFileSystemQuery", query, EventKind.FILE_QUERY, "java/io/File", file);
    }
    body(fs, "list", "(" + jfile + ")[Ljava/lang/String;", false, FILES, "onFileSystemList",
        "(Ljava/lang/Object;Ljava/io/File;)[Ljava/lang/String;", EventKind.FILE_LIST, "java/io/File", file);
    body(fs, "canonicalize", "(Ljava/lang/String;)Ljava/lang/String;", false, FILES, "onFileSystemCanonicalize",
        "(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/String;", EventKind.FILE_CANONICAL, "java/io/File", file);

    TypeInstrumentation system = new SystemInstrumentation();
    own("java/lang/System", "getenv", "(Ljava/lang/String;)Ljava/lang/String;", true, HOOKS, "onSystemGetenv",
        "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;", EventKind.ENV_VAR, system);
    own("java/lang/System", "getenv", "()Ljava/util/Map;", true, HOOKS, "onSystemGetenvAll",
        "(Ljava/util/Map;)Ljava/util/Map;", EventKind.ENV_ALL, system);
    own("java/lang/System", "gc", "()V", true, HOOKS, "onExplicitGc", "()Z", null, system);
    replaced("java/lang/Runtime", "gc", "()V", false, "Ljava/lang/Runtime;", false, HOOKS, "onRuntimeGc", null,
        APPLICATION, Jdks.ALL);
    TypeInstrumentation runtime = new RuntimeInstrumentation();
    own("java/lang/Runtime", "exit", "(I)V", false, HOOKS, "onRuntimeExit", "(I)V", EventKind.EXIT, runtime);
    own("java/lang/Runtime", "halt", "(I)V", false, HOOKS, "onRuntimeHalt", "(I)V", EventKind.EXIT, runtime);
    own("java/lang/Terminator$1", "handle", "(Ljdk/internal/misc/Signal;)V", false, HOOKS, "onSignal", "(I)V",
        null, new TerminatorInstrumentation());
    // where the program's own Java agents reach the JVM: jars for the class loaders, and an agent
    // another process has the JVM load (which no replay can do)
    ProgramAgentInstrumentation agents = new ProgramAgentInstrumentation();
    String instrumentation = ProgramAgentInstrumentation.TYPE;
    Capture bootJars = new Capture(instrumentation, ProgramAgentInstrumentation.APPEND_BOOT,
        ProgramAgentInstrumentation.APPEND_DESC, false, Rewrite.BODY, HOOKS, "onValue", VALUE_HOOK,
        EventKind.CAPTURED_VALUE, Set.of(instrumentation), Named.EXACTLY, Set.of(), false, false, Jdks.ALL, agents,
        AppendedJars.CODEC);
    agents.bootJarsRow(bootJars);
    ROWS.add(bootJars);
    own(instrumentation, ProgramAgentInstrumentation.APPEND_SYSTEM, ProgramAgentInstrumentation.APPEND_DESC, false,
        HOOKS, ProgramAgentInstrumentation.SYSTEM_HOOK, ProgramAgentInstrumentation.SYSTEM_HOOK_DESC, null, agents);
    own(instrumentation, ProgramAgentInstrumentation.ATTACH, ProgramAgentInstrumentation.ATTACH_DESC, false, HOOKS,
        ProgramAgentInstrumentation.ATTACH_HOOK, ProgramAgentInstrumentation.ATTACH_HOOK_DESC, null, agents);
    TypeInstrumentation shutdown = new ShutdownInstrumentation();
    own("java/lang/Shutdown", "exit", "(I)V", true, HOOKS, "onShutdown", "(ZI)V", null, shutdown);
    own("java/lang/Shutdown", "shutdown", "()V", true, HOOKS, "onShutdown", "(ZI)V", null, shutdown);

    TypeInstrumentation thread = new ThreadInstrumentation();
    String t = "(Ljava/lang/Thread;)V";
    own(THREAD, "start", "()V", false, HOOKS, "onThreadStart", t, EventKind.THREAD_START, thread);
    body(THREAD, "start", "(Ljdk/internal/vm/ThreadContainer;)V", false, HOOKS, "onThreadStart", t,
        EventKind.THREAD_START, THREAD, thread, Jdks.AFTER_17);
    own(THREAD, "run", "()V", false, HOOKS, "onThreadRun", "(Ljava/lang/Object;)V", EventKind.THREAD_BEGIN, thread);
    own(THREAD, "exit", "()V", false, HOOKS, "onThreadExit", t, null, thread);
    own(THREAD, "interrupt", "()V", false, SCHEDULE, "onThreadInterrupt", t, null, thread);
    body(THREAD, "nextThreadID", "()J", true, HOOKS, "onThreadId", "(J)J", null, THREAD, thread, Jdks.UNTIL_17);
    own(THREAD, "dispatchUncaughtException", "(Ljava/lang/Throwable;)V", false, HOOKS,
        "onThreadUncaughtException", "(Ljava/lang/Thread;Ljava/lang/Throwable;)V", EventKind.UNCAUGHT_EXCEPTION,
        thread);
    body("java/lang/Thread$ThreadIdentifiers", "next", "()J", true, HOOKS, "onThreadId", "(J)J", null,
        "java/lang/Thread$ThreadIdentifiers", new ThreadIdentifiersInstrumentation(), Jdks.AFTER_17);
    own(THREAD, "getThreads", "()[Ljava/lang/Thread;", true, SCHEDULE, "onThreadList",
        "([Ljava/lang/Thread;)[Ljava/lang/Thread;", null, ThreadListingInstrumentation.threadList());
    own("sun/management/ThreadImpl", "getThreads", "()[Ljava/lang/Thread;", true, SCHEDULE, "onThreadList",
        "([Ljava/lang/Thread;)[Ljava/lang/Thread;", null, ThreadListingInstrumentation.managementList());
    TypeInstrumentation group = ThreadListingInstrumentation.groupMembers();
    String tg = "java/lang/ThreadGroup";
    body(tg, "nthreads", "I", false, SCHEDULE, "onGroupCount", "([Ljava/lang/Thread;I)I", null, tg, group,
        Jdks.UNTIL_17);
    body(THREAD, "isAlive", "()Z", false, SCHEDULE, "onThreadIsAlive", "(Ljava/lang/Thread;)Z", null, tg, group,
        Jdks.UNTIL_17);
    body("jdk/internal/vm/ContinuationSupport", "isSupported", "()Z", true, null, null, null, null,
        "jdk/internal/vm/ContinuationSupport", new ContinuationSupportInstrumentation(), Jdks.AFTER_17);
    body("java/lang/VirtualThread", "start", "(Ljdk/internal/vm/ThreadContainer;)V", false, SCHEDULE,
        "onVirtualThreadStart", "(Ljava/lang/Object;)V", null, "java/lang/VirtualThread",
        new VirtualThreadInstrumentation(), Jdks.AFTER_17);

    TypeInstrumentation tlr = new ThreadLocalRandomInstrumentation();
    String tlrType = "java/util/concurrent/ThreadLocalRandom";
    body("java/util/concurrent/atomic/AtomicLong", "getAndAdd", "(J)J", false, HOOKS, "onThreadSeedDraw", "(JI)J",
        null, tlrType, tlr, Jdks.ALL);
    body("java/util/concurrent/atomic/AtomicInteger", "addAndGet", "(I)I", false, HOOKS, "onThreadProbeDraw",
        "(I)I", null, tlrType, tlr, Jdks.ALL);
    // the built-in loaders' loads, which draw identity hashes wherever compiled code makes them
    TypeInstrumentation loading = new ClassLoadingInstrumentation();
    own(ClassLoadingInstrumentation.TYPE, ClassLoadingInstrumentation.METHOD, ClassLoadingInstrumentation.DESC,
        false, HOOKS, ClassLoadingInstrumentation.LOADING, ClassLoadingInstrumentation.LOADING_DESC, null, loading);
    own(ClassLoadingInstrumentation.TYPE, ClassLoadingInstrumentation.METHOD, ClassLoadingInstrumentation.DESC,
        false, HOOKS, ClassLoadingInstrumentation.LOADED, ClassLoadingInstrumentation.LOADED_DESC, null, loading);
    // the code the JDK makes behind method handles, on whichever thread first needs a shape
    lambdaForms(LambdaFormInstrumentation.EDITOR, LambdaFormInstrumentation.EDITOR_METHODS);
    lambdaForms(LambdaFormInstrumentation.FORM, LambdaFormInstrumentation.FORM_METHODS);
    own("java/lang/ref/Reference", "<init>", "(Ljava/lang/Object;Ljava/lang/ref/ReferenceQueue;)V", false, HOOKS,
        "onWeakReferenceCreated", "(Ljava/lang/ref/Reference;Ljava/lang/Object;)V", null,
        new ReferenceInstrumentation());

    // the JVM's garbage-collection notifications, which run the program's listeners when the collector decides
    TypeInstrumentation gc = new GcNotificationInstrumentation();
    own(GcNotificationInstrumentation.TYPE, GcNotificationInstrumentation.NOTIFY, GcNotificationInstrumentation.NOTIFY_DESC,
        false, HOOKS, "onGcNotification", GcNotificationInstrumentation.NOTIFY_HOOK, EventKind.CAPTURED_VALUE, gc);
    own(GcNotificationInstrumentation.TYPE, GcNotificationInstrumentation.LISTEN, GcNotificationInstrumentation.LISTEN_DESC,
        false, HOOKS, "onGcListenerAdded", GcNotificationInstrumentation.LISTEN_HOOK, EventKind.THREAD_START, gc);

    TypeInstrumentation process = new ProcessImplInstrumentation();
    String pi = "java/lang/ProcessImpl";
    body(pi, "hasExited", "Z", false, NATIVE_IO, "onNativeIoBoolean", "(ZI)Z", EventKind.PROCESS_STATE, pi,
        process, Jdks.ALL);
    body(pi, "exitcode", "I", false, NATIVE_IO, "onNativeIoInt", "(II)I", EventKind.PROCESS_STATE, pi, process,
        Jdks.ALL);
    body("java/util/concurrent/locks/ReentrantLock", "lock", "()V", false, NATIVE_IO, "onNativeIoVoid",
        "(Ljava/lang/Object;I)V", null, pi, process, Jdks.AFTER_17);
    body("java/lang/Object", "wait", "()V", false, NATIVE_IO, "onNativeIoVoid", "(Ljava/lang/Object;I)V", null, pi,
        process, Jdks.UNTIL_17);
    String condition = "java/util/concurrent/locks/Condition";
    body(condition, "await", "()V", false, NATIVE_IO, "onNativeIoVoid", "(Ljava/lang/Object;I)V", null, pi,
        process, Jdks.AFTER_17);
    body(condition, "awaitNanos", "(J)J", false, NATIVE_IO, "onNativeIoLong", "(Ljava/lang/Object;JI)J", null, pi,
        process, Jdks.AFTER_17);

    TypeInstrumentation handle = new ProcessHandleImplInstrumentation();
    String phi = "java/lang/ProcessHandleImpl";
    own(phi, "pid", "()J", false, HOOKS, "onProcessHandlePid", "(JLjava/lang/Object;)J", EventKind.PROCESS_ID,
        handle);
    for (String field : List.of("pid", "startTime")) {
      body(phi, field, "J", false, HOOKS, "onProcessTableValue", "(JI)J", EventKind.PROCESS_TABLE, phi, handle,
          Jdks.ALL);
    }
    body(phi, "isAlive0", "(J)J", true, HOOKS, "onProcessTableValue", "(JI)J", EventKind.PROCESS_TABLE, phi,
        handle, Jdks.ALL);
    body(phi, "parent0", "(JJ)J", true, HOOKS, "onProcessTableValue", "(JI)J", EventKind.PROCESS_TABLE, phi,
        handle, Jdks.ALL);

    TypeInstrumentation type = new ClassInstrumentation();
    String c = "java/lang/Class";
    body(c, "initClassName", "()Ljava/lang/String;", false, HOOKS, "onClassName",
        "(Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/String;", null, c, type, Jdks.ALL);
    body(c, "getDeclaredMethods0", "(Z)[Ljava/lang/reflect/Method;", false, HOOKS, "onClassDeclaredMethods",
        "([Ljava/lang/reflect/Method;)[Ljava/lang/reflect/Method;", null, c, type, Jdks.ALL);
    body(c, "getDeclaredConstructors0", "(Z)[Ljava/lang/reflect/Constructor;", false, HOOKS,
        "onClassDeclaredConstructors", "([Ljava/lang/reflect/Constructor;)[Ljava/lang/reflect/Constructor;", null,
        c, type, Jdks.ALL);

    for (String owner : ChannelIoInstrumentation.OWNERS) {
      TypeInstrumentation channelIo = new ChannelIoInstrumentation(owner);
      for (String[] m : ChannelIoInstrumentation.METHODS) {
        if (m[0].equals(owner)) {
          body(owner, m[1], m[2], false, HOOKS, ChannelIoInstrumentation.HOOK, ChannelIoInstrumentation.HOOK_DESC,
              null, owner, channelIo, Jdks.ALL);
        }
      }
    }
    String boot = BootPackagesInstrumentation.OWNER;
    body(boot, BootPackagesInstrumentation.NATIVE, BootPackagesInstrumentation.NATIVE_DESC, true, HOOKS,
        BootPackagesInstrumentation.HOOK, BootPackagesInstrumentation.HOOK_DESC, null, boot,
        new BootPackagesInstrumentation(), Jdks.ALL);

    // JavaLangAccess, where a Lookup's classes are defined: System$2 on JDK 17, System$1 on 25
    String loader = "java/lang/ClassLoader";
    String defineLookup =
        "(Ljava/lang/ClassLoader;Ljava/lang/Class;Ljava/lang/String;[BIILjava/security/ProtectionDomain;"
            + "ZILjava/lang/Object;)Ljava/lang/Class;";
    String defineNamed =
        "(Ljava/lang/ClassLoader;Ljava/lang/String;[BIILjava/security/ProtectionDomain;Ljava/lang/String;)"
            + "Ljava/lang/Class;";
    for (String access : List.of("java/lang/System$2", "java/lang/System$1")) {
      TypeInstrumentation lookup = new LookupDefinitionInstrumentation(access);
      Jdks jdks = access.endsWith("2") ? Jdks.UNTIL_17 : Jdks.AFTER_17;
      for (String[] define : new String[][] {{"defineClass0", defineLookup}, {"defineClass1", defineNamed}}) {
        body(loader, define[0], define[1], true, HOOKS, "onClassDefining",
            "(Ljava/lang/ClassLoader;Ljava/lang/String;[B)V", null, access, lookup, jdks);
        body(loader, define[0], define[1], true, HOOKS, "onClassDefined", "(Ljava/lang/Class;)V", null, access,
            lookup, jdks);
      }
    }

    // where a method handle or a reflective accessor of a method is made: a captured method's calls
    // through them go through an adapter whose call sites are rewritten (ReflectiveCalls); the
    // descriptors are 17's and 25's (releases in between may have either, unchecked here; the
    // instrumentation finds the methods by name)
    TypeInstrumentation handles = ReflectiveCallInstrumentation.lookup();
    String lookup = ReflectiveCallInstrumentation.LOOKUP;
    String common = "(BLjava/lang/Class;Ljava/lang/invoke/MemberName;";
    String commonEnd = "Ljava/lang/invoke/MethodHandles$Lookup;)Ljava/lang/invoke/MethodHandle;";
    body(lookup, ReflectiveCallInstrumentation.DIRECT_METHOD, common + "ZZ" + commonEnd, false, HOOKS,
        ReflectiveCallInstrumentation.DIRECT_METHOD_HOOK, ReflectiveCallInstrumentation.DIRECT_METHOD_HOOK_DESC, null,
        lookup, handles, Jdks.UNTIL_17);
    body(lookup, ReflectiveCallInstrumentation.DIRECT_METHOD, common + "Z" + commonEnd, false, HOOKS,
        ReflectiveCallInstrumentation.DIRECT_METHOD_HOOK, ReflectiveCallInstrumentation.DIRECT_METHOD_HOOK_DESC, null,
        lookup, handles, Jdks.AFTER_17);
    TypeInstrumentation accessors = ReflectiveCallInstrumentation.factory();
    String factory = ReflectiveCallInstrumentation.FACTORY;
    String accessor = ")L" + ReflectiveCallInstrumentation.ACCESSOR + ";";
    body(factory, ReflectiveCallInstrumentation.NEW_ACCESSOR, "(Ljava/lang/reflect/Method;" + accessor, false, HOOKS,
        ReflectiveCallInstrumentation.ACCESSOR_HOOK, ReflectiveCallInstrumentation.ACCESSOR_HOOK_DESC, null, factory,
        accessors, Jdks.UNTIL_17);
    body(factory, ReflectiveCallInstrumentation.NEW_ACCESSOR, "(Ljava/lang/reflect/Method;Z" + accessor, false, HOOKS,
        ReflectiveCallInstrumentation.ACCESSOR_HOOK, ReflectiveCallInstrumentation.ACCESSOR_HOOK_DESC, null, factory,
        accessors, Jdks.AFTER_17);
    // where a lambda's implementation is bound: a method reference to a captured method calls its
    // adapter instead (MethodReferenceInstrumentation)
    TypeInstrumentation references = new MethodReferenceInstrumentation();
    String metafactory = MethodReferenceInstrumentation.METAFACTORY;
    body(metafactory, MethodReferenceInstrumentation.PLAIN, MethodReferenceInstrumentation.PLAIN_DESC, true, HOOKS,
        MethodReferenceInstrumentation.PLAIN_HOOK, MethodReferenceInstrumentation.PLAIN_HOOK_DESC, null, metafactory,
        references);
    body(metafactory, MethodReferenceInstrumentation.ALT, MethodReferenceInstrumentation.ALT_DESC, true, HOOKS,
        MethodReferenceInstrumentation.ALT_HOOK, MethodReferenceInstrumentation.ALT_HOOK_DESC, null, metafactory,
        references);
    // and where a serializable one's serialized form is made: it names the program's method again
    // (SerializedLambdaInstrumentation)
    String serialized = SerializedLambdaInstrumentation.SERIALIZED_LAMBDA;
    body(serialized, SerializedLambdaInstrumentation.CONSTRUCTOR, SerializedLambdaInstrumentation.CONSTRUCTOR_DESC,
        false, HOOKS, SerializedLambdaInstrumentation.HOOK, SerializedLambdaInstrumentation.HOOK_DESC, null,
        serialized, new SerializedLambdaInstrumentation());

    own("java/lang/ProcessHandleImpl$Info", "info", "(JJ)Ljava/lang/ProcessHandle$Info;", true, HOOKS,
        "onProcessHandleInfo", "(Ljava/lang/Object;)Ljava/lang/Object;", EventKind.PROCESS_INFO,
        new ProcessInfoInstrumentation());
    String library = "(Ljava/lang/String;ZLjava/lang/Class;)V";
    own("jdk/internal/loader/NativeLibraries$NativeLibraryImpl", "open", "()Z", false, HOOKS,
        "onNativeLibraryOpen", library, EventKind.UNCAPTURED_INPUT, NativeCodeInstrumentation.jniLibraries());
    body("jdk/internal/loader/RawNativeLibraries$RawNativeLibraryImpl", "open", "()Z", false, HOOKS,
        "onNativeLibraryOpen", library, EventKind.UNCAPTURED_INPUT,
        "jdk/internal/loader/RawNativeLibraries$RawNativeLibraryImpl", NativeCodeInstrumentation.rawLibraries(),
        Jdks.AFTER_17);
    own("sun/security/pkcs11/wrapper/PKCS11", "getInstance", NativeCodeInstrumentation.PKCS11_GET_INSTANCE, true,
        HOOKS, "onNativeLibraryOpen", library, EventKind.UNCAPTURED_INPUT, NativeCodeInstrumentation.pkcs11Modules());

    TypeInstrumentation managed = new ManagementRuntimeInstrumentation();
    own("sun/management/RuntimeImpl", "getStartTime", "()J", false, HOOKS, "onManagementValue", "(JI)J",
        EventKind.MANAGEMENT, managed);
    own("sun/management/RuntimeImpl", "getInputArguments", "()Ljava/util/List;", false, HOOKS, "onVmArguments",
        "(Ljava/util/List;I)Ljava/util/List;", EventKind.VM_ARGUMENTS, managed);
    own("sun/management/BaseOperatingSystemImpl", "getSystemLoadAverage", "()D", false, HOOKS,
        "onManagementValue", "(DI)D", EventKind.MANAGEMENT, new ManagementOperatingSystemInstrumentation());
  }

  /**
   * The JVM's own figures that {@code java.lang.management} and {@code com.sun.management} hand
   * out (uptime, CPU and allocation counters, collections, class and thread counts, safepoints,
   * memory, operating-system memory and load): natives, reached through the JDK's wrappers or, for
   * the collectors, through the MXBean interfaces the program calls. Thread infos are {@link #threadInfos()}.
   */
  private static void management() {
    for (String vm : List.of("sun/management/VMManagementImpl", "sun/management/VMManagement")) {
      if (vm.endsWith("Impl")) {
        management(vm, "getProcessId", "()I", false);
        management(vm, "getUptime0", "()J", false);
      }
      for (String name : List.of("getStartupTime", "getTotalCompileTime", "getTotalThreadCount",
          "getSafepointCount", "getTotalSafepointTime", "getSafepointSyncTime",
          "getTotalApplicationNonStoppedTime", "getLoadedClassSize", "getUnloadedClassSize",
          "getClassLoadingTime", "getMethodDataSize", "getInitializedClassCount",
          "getClassInitializationTime", "getClassVerificationTime", "getTotalClassCount",
          "getUnloadedClassCount")) {
        management(vm, name, "()J", false);
      }
      for (String name : List.of("getAvailableProcessors", "getLiveThreadCount", "getPeakThreadCount",
          "getDaemonThreadCount")) {
        management(vm, name, "()I", false);
      }
    }
    String threads = "sun/management/ThreadImpl";
    management(threads, "getThreadTotalCpuTime0", "(J)J", true);
    management(threads, "getThreadUserCpuTime0", "(J)J", true);
    management(threads, "getThreadAllocatedMemory0", "(J)J", true);
    management(threads, "getTotalThreadAllocatedMemory", "()J", true);
    for (String gc : List.of("sun/management/GarbageCollectorImpl", "java/lang/management/GarbageCollectorMXBean",
        "com/sun/management/GarbageCollectorMXBean")) {
      management(gc, "getCollectionCount", "()J", false);
      management(gc, "getCollectionTime", "()J", false);
    }
    String os = "com/sun/management/internal/OperatingSystemImpl";
    for (String name : List.of("getCommittedVirtualMemorySize0", "getFreeMemorySize0", "getFreeSwapSpaceSize0",
        "getMaxFileDescriptorCount0", "getOpenFileDescriptorCount0", "getProcessCpuTime0",
        "getTotalMemorySize0", "getTotalSwapSpaceSize0", "getHostTotalCpuTicks0")) {
      management(os, name, "()J", false);
    }
    management(os, "getProcessCpuLoad0", "()D", false);
    management(os, "getCpuLoad0", "()D", false);
    management(os, "getSingleCpuLoad0", "(I)D", false);
    management(os, "getHostConfiguredCpuCount0", "()I", false);
    management(os, "getHostOnlineCpuCount0", "()I", false);
    management("sun/management/HotspotThread", "getInternalThreadCount", "()I", false);
    String usage = "Ljava/lang/management/MemoryUsage;";
    management("sun/management/MemoryImpl", "getMemoryUsage0", "(Z)" + usage, false);
    for (String name : List.of("getUsage0", "getPeakUsage0", "getCollectionUsage0")) {
      management("sun/management/MemoryPoolImpl", name, "()" + usage, false);
    }
  }

  /**
   * {@code ThreadMXBean}'s thread infos and deadlock reports, through the interfaces a program
   * calls and the JDK's implementation; the implementation's calls of its own overloads are left
   * alone, so each of the program's calls is logged once. Its thread counts are the VM's figures
   * ({@link #management()}).
   */
  private static void threadInfos() {
    String impl = "sun/management/ThreadImpl";
    String info = "Ljava/lang/management/ThreadInfo;";
    for (String mx : List.of("java/lang/management/ThreadMXBean", "com/sun/management/ThreadMXBean", impl)) {
      for (String args : List.of("J", "JI")) {
        value(mx, "getThreadInfo", "(" + args + ")" + info, ThreadInfos.ONE, impl);
      }
      for (String args : List.of("[J", "[JI", "[JZZ", "[JZZI")) {
        value(mx, "getThreadInfo", "(" + args + ")[" + info, ThreadInfos.ALL, impl);
      }
      for (String args : List.of("ZZ", "ZZI")) {
        value(mx, "dumpAllThreads", "(" + args + ")[" + info, ThreadInfos.ALL, impl);
      }
      value(mx, "findDeadlockedThreads", "()[J", ThreadInfos.DEADLOCKED, impl);
      value(mx, "findMonitorDeadlockedThreads", "()[J", ThreadInfos.MONITOR_DEADLOCKED, impl);
    }
  }

  /** The network natives, replaced where the JDK's networking classes call them. */
  private static void network() {
    String net = "sun/nio/ch/Net";
    net(net, "socket0", "(ZZZZ)I", "onNetSocket", EventKind.NET_SOCKET);
    net(net, "bind0", "(" + FD + "ZZ" + ADDRESS + "I)V", "onNetBind", EventKind.NET_BIND);
    net(net, "listen", "(" + FD + "I)V", "onNetListen", EventKind.NET_LISTEN);
    net(net, "connect0", "(Z" + FD + ADDRESS + "I)I", "onNetConnect", EventKind.NET_CONNECT);
    net(net, "accept", "(" + FD + FD + "[Ljava/net/InetSocketAddress;)I", "onNetAccept", EventKind.NET_ACCEPT);
    net(net, "shutdown", "(" + FD + "I)V", "onNetShutdown", EventKind.NET_SHUTDOWN);
    net(net, "localPort", "(" + FD + ")I", "onNetLocalPort", EventKind.NET_ADDRESS);
    net(net, "localInetAddress", "(" + FD + ")" + ADDRESS, "onNetLocalAddress", EventKind.NET_ADDRESS);
    net(net, "remotePort", "(" + FD + ")I", "onNetRemotePort", EventKind.NET_ADDRESS);
    net(net, "remoteInetAddress", "(" + FD + ")" + ADDRESS, "onNetRemoteAddress", EventKind.NET_ADDRESS);
    net(net, "getIntOption0", "(" + FD + "ZII)I", "onNetGetOption", EventKind.NET_OPTION);
    net(net, "setIntOption0", "(" + FD + "ZIIIZ)V", "onNetSetOption", EventKind.NET_OPTION);
    // multicast: a membership and a source filter are socket options too (IP_ADD_MEMBERSHIP and the like)
    net(net, "joinOrDrop4", "(Z" + FD + "III)I", "onNetMembership4", EventKind.NET_OPTION);
    net(net, "blockOrUnblock4", "(Z" + FD + "III)I", "onNetSourceFilter4", EventKind.NET_OPTION);
    net(net, "joinOrDrop6", "(Z" + FD + "[BI[B)I", "onNetMembership6", EventKind.NET_OPTION);
    net(net, "blockOrUnblock6", "(Z" + FD + "[BI[B)I", "onNetSourceFilter6", EventKind.NET_OPTION);
    net(net, "setInterface4", "(" + FD + "I)V", "onNetSetInterface4", EventKind.NET_OPTION);
    net(net, "getInterface4", "(" + FD + ")I", "onNetGetInterface4", EventKind.NET_OPTION);
    net(net, "setInterface6", "(" + FD + "I)V", "onNetSetInterface6", EventKind.NET_OPTION);
    net(net, "getInterface6", "(" + FD + ")I", "onNetGetInterface6", EventKind.NET_OPTION);
    net(net, "poll", "(" + FD + "IJ)I", "onNetPoll", EventKind.NET_POLL);
    net(net, "pollConnect", "(" + FD + "J)Z", "onNetPollConnect", EventKind.NET_POLL);
    net(net, "available", "(" + FD + ")I", "onNetAvailable", EventKind.NET_AVAILABLE);
    net(net, "sendOOB", "(" + FD + "B)I", "onNetSendUrgent", EventKind.NET_URGENT);
    String socket = "sun/nio/ch/SocketDispatcher";
    net(socket, "read0", TRANSFER + "I", "onSocketRead", EventKind.SOCKET_READ);
    net(socket, "readv0", TRANSFER + "J", "onSocketReadv", EventKind.SOCKET_READ);
    // JDK 17 writes through the file dispatcher's natives (below)
    replaced(socket, "write0", TRANSFER + "I", true, null, false, NET, "onSocketWrite", EventKind.SOCKET_WRITE,
        NETWORK_CALLERS, Jdks.AFTER_17);
    replaced(socket, "writev0", TRANSFER + "J", true, null, false, NET, "onSocketWritev", EventKind.SOCKET_WRITE,
        NETWORK_CALLERS, Jdks.AFTER_17);
    String datagram = "sun/nio/ch/DatagramChannelImpl";
    net(datagram, "receive0", "(" + FD + "JIJZ)I", "onDatagramReceive", EventKind.DATAGRAM_RECEIVE);
    net(datagram, "send0", "(" + FD + "JIJI)I", "onDatagramSend", EventKind.DATAGRAM_SEND);
    net(datagram, "disconnect0", "(" + FD + "Z)V", "onDatagramDisconnect", null);
    String datagrams = "sun/nio/ch/DatagramDispatcher";
    net(datagrams, "read0", TRANSFER + "I", "onDatagramRead", null);
    net(datagrams, "readv0", TRANSFER + "J", "onDatagramReadv", null);
    net(datagrams, "write0", TRANSFER + "I", "onDatagramWrite", null);
    net(datagrams, "writev0", TRANSFER + "J", "onDatagramWritev", null);
    net("sun/nio/ch/EPoll", "wait", "(IJII)I", "onNetSelectorWait", EventKind.SELECTOR_WAIT);
    net("sun/nio/ch/EPoll", "ctl", "(IIII)I", "onNetSelectorControl", EventKind.SELECTOR_CONTROL);
    net("sun/nio/ch/EventFD", "eventfd0", "()I", "onNetSelectorWakeupOpen", EventKind.SELECTOR_WAKEUP_OPEN);
    net("sun/nio/ch/UnixAsynchronousSocketChannelImpl", "checkConnect", "(I)V", "onNetCheckConnect", null);
    // the name service's interface: the receiver first, as an Object
    String impl = "java/net/InetAddressImpl";
    nameService(impl, "lookupAllHostAddr", "(Ljava/lang/String;)[" + ADDRESS, "onNetLookup", Jdks.UNTIL_17);
    nameService(impl, "lookupAllHostAddr",
        "(Ljava/lang/String;Ljava/net/spi/InetAddressResolver$LookupPolicy;)[" + ADDRESS, "onNetLookup",
        Jdks.AFTER_17);
    nameService(impl, "getHostByAddr", "([B)Ljava/lang/String;", "onNetReverseLookup", Jdks.ALL);
    // JDK 17: the socket dispatcher writes through the file dispatcher's natives, socket writes there only
    String files = "sun/nio/ch/FileDispatcherImpl";
    replaced(files, "write0", TRANSFER + "I", true, null, false, NET, "onSocketWrite", EventKind.SOCKET_WRITE,
        Set.of(socket), Jdks.UNTIL_17);
    replaced(files, "writev0", TRANSFER + "J", true, null, false, NET, "onSocketWritev", EventKind.SOCKET_WRITE,
        Set.of(socket), Jdks.UNTIL_17);
    // a pipe the process keeps to itself: the asynchronous channels' port is woken up through one,
    // and the program's Pipe is one; its ends are real in replay, mapped as wake-up descriptors
    replaced("sun/nio/ch/IOUtil", "makePipe", "(Z)J", true, null, false, NET, "onNetPipeOpen",
        EventKind.SELECTOR_WAKEUP_OPEN, Set.of("sun/nio/ch/EPollPort", "sun/nio/ch/PipeImpl"), Jdks.ALL);
  }

  private static void clock(String owner, String name, String desc, String hook, EventKind event) {
    ROWS.add(new Capture(owner, name, desc, true, Rewrite.RESULT_AT_CALL_SITE, HOOKS, hook,
        Capture.resultHookDescriptor(desc), event, ANY, Named.EXACTLY, Set.of(), true, false, Jdks.ALL, null, null));
  }

  private static void result(String owner, String name, String desc, String hook, EventKind event) {
    ROWS.add(new Capture(owner, name, desc, false, Rewrite.RESULT_AT_CALL_SITE, HOOKS, hook,
        Capture.resultHookDescriptor(desc), event, ANY, Named.EXACTLY, Set.of(), false, false, Jdks.ALL, null, null));
  }

  /**
   * A result that {@code codec} logs and rebuilds, through {@code Hooks.onValue}: the way to
   * capture a new one (docs/design/interception.md).
   */
  private static void value(String owner, String name, String desc, boolean isStatic, ValueCodec<?> codec, Jdks jdks) {
    ROWS.add(new Capture(owner, name, desc, isStatic, Rewrite.RESULT_AT_CALL_SITE, HOOKS, "onValue", VALUE_HOOK,
        EventKind.CAPTURED_VALUE, ANY, Named.EXACTLY, Set.of(), false, false, jdks, null, codec));
  }

  /**
   * A static method whose call a recorded value replaces, through {@code Hooks.onValueCall}: the
   * replay makes no call. The quick scan looks for its owner where {@code scanOwner} (a name too
   * common to look for, like {@code getAll}), else for its name.
   */
  private static void valueCall(
      String owner, String name, String desc, ValueCodec<?> codec, boolean scanOwner, Jdks jdks) {
    ROWS.add(new Capture(owner, name, desc, true, Rewrite.VALUE_INSTEAD_OF_CALL, HOOKS, "onValueCall",
        VALUE_CALL_HOOK, EventKind.CAPTURED_VALUE, ANY, Named.EXACTLY, Set.of(), false, scanOwner, jdks, null,
        codec));
  }

  /** A {@link #value} of an instance method, its call sites rewritten everywhere but in {@code notIn}. */
  private static void value(String owner, String name, String desc, ValueCodec<?> codec, String notIn) {
    ROWS.add(new Capture(owner, name, desc, false, Rewrite.RESULT_AT_CALL_SITE, HOOKS, "onValue", VALUE_HOOK,
        EventKind.CAPTURED_VALUE, ANY, Named.EXACTLY, Set.of(notIn), false, false, Jdks.ALL, null, codec));
  }

  /** A management figure: its many names are common words, so the quick scan looks for the owner. */
  private static void management(String owner, String name, String desc, boolean isStatic) {
    ROWS.add(new Capture(owner, name, desc, isStatic, Rewrite.RESULT_AT_CALL_SITE, HOOKS, "onManagementValue",
        Capture.resultHookDescriptor(desc), EventKind.MANAGEMENT, ANY, Named.EXACTLY, Set.of(), false, true,
        Jdks.ALL, null, null));
  }

  private static void schedule(
      String owner, String name, String desc, boolean isStatic, String receiver, Set<String> callers,
      Named named, Set<String> notIn, String hook, EventKind event) {
    ROWS.add(new Capture(owner, name, desc, isStatic, Rewrite.REPLACED_AT_CALL_SITE, SCHEDULE, hook,
        Capture.replacingHookDescriptor(desc, receiver, false), event, callers, named, notIn, false, false,
        Jdks.ALL, null, null));
  }

  private static void net(String owner, String name, String desc, String hook, EventKind event) {
    replaced(owner, name, desc, true, null, false, NET, hook, event, NETWORK_CALLERS, Jdks.ALL);
  }

  private static void nameService(String owner, String name, String desc, String hook, Jdks jdks) {
    EventKind event = hook.equals("onNetLookup") ? EventKind.NAME_LOOKUP : EventKind.NAME_REVERSE_LOOKUP;
    replaced(owner, name, desc, false, OBJECT, true, NET, hook, event, NETWORK_CALLERS, jdks);
  }

  /** A private native of {@code owner} called from {@code owner} itself, the receiver typed as its class. */
  private static void inType(
      String owner, String name, String desc, String hookOwner, String hook, EventKind event, Jdks jdks) {
    replaced(owner, name, desc, false, "L" + owner + ";", false, hookOwner, hook, event, Set.of(owner), jdks);
  }

  /** An instance method of {@code owner} called from {@code caller}, the receiver typed as {@code owner}. */
  private static void inType(
      String owner, String name, String desc, String hookOwner, String hook, EventKind event, String caller) {
    replaced(owner, name, desc, false, "L" + owner + ";", false, hookOwner, hook, event, Set.of(caller), Jdks.ALL);
  }

  private static void replaced(
      String owner, String name, String desc, boolean isStatic, String receiver, boolean widen, String hookOwner,
      String hook, EventKind event, Set<String> callers, Jdks jdks) {
    ROWS.add(new Capture(owner, name, desc, isStatic, Rewrite.REPLACED_AT_CALL_SITE, hookOwner, hook,
        Capture.replacingHookDescriptor(desc, receiver, widen), event, callers, Named.EXACTLY, Set.of(), false,
        false, jdks, null, null));
  }

  /** Each of {@code methods} ({name, desc}) of {@code type} between the lambda-form hooks. */
  private static void lambdaForms(String type, List<String[]> methods) {
    TypeInstrumentation forms = new LambdaFormInstrumentation(type, methods);
    for (String[] m : methods) {
      for (String hook : List.of(LambdaFormInstrumentation.MAKING, LambdaFormInstrumentation.MADE)) {
        own(type, m[0], m[1], false, HOOKS, hook, LambdaFormInstrumentation.HOOK_DESC, null, forms);
      }
    }
  }

  /** A change inside the body of {@code owner.name} itself. */
  private static void own(
      String owner, String name, String desc, boolean isStatic, String hookOwner, String hook, String hookDesc,
      EventKind event, TypeInstrumentation instrumentation) {
    body(owner, name, desc, isStatic, hookOwner, hook, hookDesc, event, owner, instrumentation, Jdks.ALL);
  }

  private static void body(
      String owner, String name, String desc, boolean isStatic, String hookOwner, String hook, String hookDesc,
      EventKind event, String in, TypeInstrumentation instrumentation) {
    body(owner, name, desc, isStatic, hookOwner, hook, hookDesc, event, in, instrumentation, Jdks.ALL);
  }

  private static void body(
      String owner, String name, String desc, boolean isStatic, String hookOwner, String hook, String hookDesc,
      EventKind event, String in, TypeInstrumentation instrumentation, Jdks jdks) {
    ROWS.add(new Capture(owner, name, desc, isStatic, Rewrite.BODY, hookOwner, hook, hookDesc, event, Set.of(in),
        Named.EXACTLY, Set.of(), false, false, jdks, instrumentation, null));
  }

  /**
   * The rows with a codec, in the table's order: a row's place here is the number its call sites
   * pass to {@code Hooks.onValue}, and the session reads the list to find the codec.
   */
  private static List<Capture> valueRows() {
    List<Capture> rows = new ArrayList<>();
    for (Capture c : ROWS) {
      if (c.codec() != null) {
        rows.add(c);
      }
    }
    return rows;
  }

  /** What the session needs of {@link #valueRows()}: each one's name and codec, in order. */
  public static List<ValueCapture> valueCaptures() {
    List<ValueCapture> captures = new ArrayList<>();
    for (Capture c : VALUE_ROWS) {
      captures.add(new ValueCapture(c.owner().substring(c.owner().lastIndexOf('/') + 1) + "." + c.name(), c.codec()));
    }
    return captures;
  }

  /** Every row. */
  static List<Capture> rows() {
    return Collections.unmodifiableList(ROWS);
  }

  private static final List<Capture> VALUE_ROWS = valueRows();

  /** {@link #valueRows()}, unchangeable: a row's place is its number. */
  static List<Capture> valueRowList() {
    return Collections.unmodifiableList(VALUE_ROWS);
  }

  /** The number a call site of {@code row}, a row with a codec, passes to {@code Hooks.onValue}. */
  static int valueNumber(Capture row) {
    for (int i = 0; i < VALUE_ROWS.size(); i++) {
      if (VALUE_ROWS.get(i) == row) {
        return i;
      }
    }
    throw new IllegalArgumentException(row.method() + " has no codec");
  }

  /** The rows rewritten at call sites in any class (or any application class), by callee name. */
  static final Map<String, List<Capture>> AT_ANY_CALL_SITE = new HashMap<>();

  static {
    for (Capture c : ROWS) {
      boolean anywhere = c.callers() == ANY || c.callers() == APPLICATION;
      if (anywhere && c.how() != Rewrite.BODY && c.how() != Rewrite.NATIVE_IO) {
        AT_ANY_CALL_SITE.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(c);
      }
    }
  }

  /** The rows replaced at call sites inside {@code type}, one of a few JDK classes. */
  static List<Capture> replacedIn(String type) {
    List<Capture> in = new ArrayList<>();
    for (Capture c : ROWS) {
      if (c.how() == Rewrite.REPLACED_AT_CALL_SITE && c.callers().contains(type)) {
        in.add(c);
      }
    }
    return in;
  }

  /**
   * Every type instrumentation, in the rows' order: those of {@link Rewrite#BODY} rows, then one
   * {@link CallsInType} per JDK class that {@link Rewrite#REPLACED_AT_CALL_SITE} rows name.
   */
  static List<TypeInstrumentation> instrumentations() {
    // a list, not an identity set: agent code draws no identity hashes on the program's thread
    List<TypeInstrumentation> all = new ArrayList<>();
    for (Capture c : ROWS) {
      if (c.how() == Rewrite.BODY && !all.contains(c.instrumentation())) {
        all.add(c.instrumentation());
      }
    }
    Set<String> callers = new LinkedHashSet<>();
    for (Capture c : ROWS) {
      if (c.how() == Rewrite.REPLACED_AT_CALL_SITE && c.callers() != ANY && c.callers() != APPLICATION) {
        callers.addAll(c.callers());
      }
    }
    for (String type : callers) {
      all.add(new CallsInType(type, replacedIn(type)));
    }
    return all;
  }

  /**
   * What the quick scan looks for in a class's constant pool: for each row rewritten at call sites
   * in any class, its method's name, or its owner's where {@link Capture#scanOwner} says so.
   */
  static Set<String> scanNames() {
    Set<String> names = new LinkedHashSet<>();
    for (Capture c : ROWS) {
      if (c.callers() == ANY && c.how() != Rewrite.BODY) {
        names.add(c.scanOwner() ? c.owner() : c.name());
      }
    }
    return names;
  }
}
