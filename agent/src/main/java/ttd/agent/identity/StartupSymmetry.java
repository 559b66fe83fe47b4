package ttd.agent.identity;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JDK facilities that ttd's start-up uses in one mode only, used once more in both, on the
 * premain thread before the program's hash state is set.
 *
 * <p>The first use of a JDK facility in a JVM hashes shared objects (classes in method types,
 * cached zone rules, lambdas linked on first call) from the hash state of the thread that uses it.
 * The recording agent formats its start time and reads the time zone and the environment; the
 * replaying agent does not (the zone comes on its command line). Without this, a program that
 * formats a date drew those hashes itself in the replay only, and every later identity hash, and
 * so the order of a {@code HashSet} of plain objects, differed from the recording. An end-to-end
 * test prints identity hashes after each of many JDK facilities and compares record with replay.
 */
public final class StartupSymmetry {

  /**
   * JDK classes that only one mode's start-up links (the recording's Chronicle appender, the
   * replay's stand-ins), found by diffing the two modes' {@code -Xlog:class+load} up to the main
   * class on JDK 17 and 25.
   */
  private static final String[] LINKED_IN_ONE_MODE = {
    "java.nio.channels.ServerSocketChannel",
    "java.io.FilenameFilter",
    "java.util.function.ToLongFunction",
    "java.util.function.IntPredicate",
    "jdk.internal.misc.ScopedMemoryAccess$Scope",
    "java.lang.foreign.MemorySegment$Scope",
    "jdk.internal.foreign.MemorySessionImpl",
    "sun.misc.Signal", // the replay's signal handlers
    "sun.misc.Signal$InternalMiscHandler",
    "sun.misc.Signal$SunMiscHandler",
    "java.util.NoSuchElementException",
    "java.net.URISyntaxException", // the recording's search for ttd's own jar among the agents (ProgramAgents)
  };

  /**
   * JDK classes that one mode's start-up links and the other's links later or not at all, without
   * needing them initialised here: Chronicle's appender and tailers (its file locks and mappings,
   * its reads of {@code /proc}, its management beans), found by printing the identity hash of every
   * class a recorded hello world loads, in a recording and its replay (18 classes differed on JDK 17
   * and 25, and Files.move's options on each).
   */
  private static final String[] HASHED_IN_ONE_MODE = {
    "java.io.BufferedReader",
    "java.io.InputStreamReader",
    "java.io.Reader",
    "java.io.EOFException",
    "java.lang.Thread$State",
    "java.net.HttpURLConnection",
    "sun.net.www.protocol.http.HttpURLConnection",
    "java.nio.channels.FileChannel$MapMode",
    "java.nio.channels.FileLock",
    "sun.nio.ch.FileLockImpl",
    "sun.nio.ch.FileLockTable",
    "java.util.Base64",
    "sun.util.logging.PlatformLogger",
    "sun.management.spi.PlatformMBeanProvider",
    "com.sun.management.internal.PlatformMBeanProviderImpl",
    "jdk.management.jfr.internal.FlightRecorderMXBeanProvider",
    "sun.nio.fs.UnixCopyFile$Flags", // Files.move's options: JDK 17
    "sun.nio.fs.UnixFileSystem$Flags", // and 25
  };

  private StartupSymmetry() {}

  /**
   * Loads, uninitialised, the classes either mode's start-up links in one mode only, before {@link
   * SharedHashes#assign} hashes every loaded class by its name: HotSpot hashes a class as it links
   * it, from the linking thread's state, which the two modes reach after other work, so a class
   * first linked by the session's start (or by {@link #warm}) came out with another hash in the
   * replay than recorded, and a program keying a map by it iterated it in another order.
   */
  public static void preload() {
    for (String[] names : new String[][] {LINKED_IN_ONE_MODE, HASHED_IN_ONE_MODE}) {
      for (String name : names) {
        try {
          Class.forName(name, false, null);
        } catch (ClassNotFoundException notInThisJdk) {
          // JDK 17 and 25 differ here
        }
      }
    }
  }

  /** Uses, once, what either mode's start-up uses (results dropped). */
  public static void warm() throws IOException, ClassNotFoundException {
    Instant.EPOCH.toString();
    DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")
        .format(LocalDateTime.ofInstant(Instant.EPOCH, ZoneId.systemDefault()));
    TimeZone.getDefault().getID();
    new Date(0).toString();
    System.getenv().size();
    Thread.currentThread().getState().name();
    Base64.getDecoder().decode(Base64.getEncoder().encodeToString(new byte[1]));
    URI.create("http://localhost/").toURL().openConnection(); // makes the object, connects nothing
    ManagementFactory.getRuntimeMXBean();
    // the scheduler asks which monitors a thread called back from JDK code holds
    ManagementFactory.getThreadMXBean().getThreadInfo(new long[] {Thread.currentThread().getId()}, true, false);
    new TreeMap<>(Map.of("k", 1)).keySet().toString();
    roundRobin();
    new IdentityHashMap<>(Map.of("k", 1)).keySet().toString();
    new ConcurrentHashMap<>(Map.of("k", 1)).keySet().toString();
    // the recording's redaction splits names into words with look-behind and look-ahead
    Pattern.compile("[_.\\-\\s]+|(?<=[a-z0-9])(?=[A-Z])").split("warmUp_name");
    Channels.newInputStream(Channels.newChannel(new ByteArrayInputStream(new byte[0]))).close();
    Channels.newOutputStream(Channels.newChannel(OutputStream.nullOutputStream())).write(new byte[1]);
    moveNothing();
    fileStore();
    try (InputStream in = ClassLoader.getSystemResourceAsStream("java/lang/Object.class")) {
      in.readAllBytes(); // as a start whose class cache misses reads the loaded classes
    }
    for (String name : LINKED_IN_ONE_MODE) {
      try {
        Class.forName(name, true, null);
      } catch (ClassNotFoundException notInThisJdk) {
        // JDK 17 and 25 differ here
      }
    }
    bindCallerSensitive();
    FieldKinds.copyReflectively();
    StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(new DeclaringClasses());
  }

  /**
   * The views the recording's scheduler walks to pick the next thread round robin ({@code
   * ShadowState.firstEligibleAfter}: the values of a {@code TreeMap}'s tail and head maps), whose
   * classes it linked inside agent work in that mode only: a program's first {@code
   * TreeSet.tailSet} after two threads had run linked them on main in the replay only, and drew
   * other identity hashes there (Drools' worker names, Jython's).
   */
  private static void roundRobin() {
    TreeMap<Integer, String> ready = new TreeMap<>(Map.of(1, "a", 2, "b", 3, "c"));
    for (String unused : ready.tailMap(2, false).values()) {
      // walked
    }
    for (String unused : ready.headMap(2, false).values()) {
      // walked
    }
  }

  /**
   * A file store and its usable space, as the recording's free-space check asks of the recording's
   * directory at its first block ({@code RecordLog.checkFreeSpace}): the first {@code
   * Files.getFileStore} in a JVM loads and initialises {@code UnixFileStore} and {@code
   * LinuxFileStore}, which hashes their classes, from the hash state of the thread that asks. The
   * recording did that at its first flush and the replay never, so a program's own first {@code
   * getFileStore} (Xodus's storage-type check when it opens an environment) drew three identity
   * hashes in the replay only, and Xodus's job queue, keyed by identity hashes, then collided
   * differently.
   */
  private static void fileStore() throws IOException {
    java.nio.file.Files.getFileStore(java.nio.file.Paths.get("/")).getUsableSpace();
  }

  /**
   * A stack walk as ttd's filter of the program's stack traces makes ({@code
   * session.ProgramStacks}): the replay's start-up reads a trace that holds ttd's frames and so
   * walked the stack, linking {@code StackStreamFactory}'s classes in that mode only. A class, not
   * a lambda, like the filter's.
   */
  private static final class DeclaringClasses implements Function<Stream<StackWalker.StackFrame>, Integer> {
    @Override
    public Integer apply(Stream<StackWalker.StackFrame> frames) {
      int n = 0;
      Iterator<StackWalker.StackFrame> it = frames.iterator();
      while (it.hasNext()) {
        n += it.next().getDeclaringClass().getName().length() > 0 ? 1 : 0;
      }
      return n;
    }
  }

  /**
   * A caller-sensitive method looked up and called through a method handle, which binds it to an
   * injected invoker of the caller and spins the lambda forms that needs. The recording's start-up
   * does this in its libraries and the replay's does not, so on JDK 17 a program that does it
   * first (Jetty's {@code SecurityUtils.doPrivileged}, as its thread pool makes its first thread)
   * spun two more lambda forms in the replay, drew two more identity hashes, and its threads got
   * other hashes than recorded (a {@code Set<Thread>} then iterated in another order).
   */
  private static void bindCallerSensitive() {
    try {
      MethodHandle doPrivileged = MethodHandles.lookup().findStatic(AccessController.class, "doPrivileged",
          MethodType.methodType(Object.class, PrivilegedAction.class));
      Object unused = (Object) doPrivileged.invoke((PrivilegedAction<Object>) () -> null);
    } catch (Throwable removed) {
      // AccessController may be gone from a later JDK: then nothing binds it either
    }
  }

  /**
   * A field of each kind reflection tells apart, each read and written once through {@code Field}.
   *
   * <p>From JDK 18 a {@code Field}'s first {@code get}/{@code set} makes method handles whose
   * lambda forms the JDK caches per kind of field (type, static or not, volatile or not, final or
   * not); making one spins classes and draws identity hashes from the calling thread. One
   * mode's start-up (its libraries, Chronicle among them) uses some of those kinds and the other's
   * does not, so the program's first reflective copy of a field (HikariCP's {@code
   * HikariConfig.copyStateTo}) drew other hashes in the replay than recorded on JDK 25, and H2's
   * identity-hash keys made later on that thread differed. On JDK 17 fields are read through
   * {@code Unsafe} and this draws nothing; methods and constructors are kept on the native path
   * on every JDK ({@link ReflectionInflation}).
   */
  @SuppressWarnings("unused") // the fields are only reached reflectively
  private static final class FieldKinds {
    private static boolean sz;
    private static byte sb;
    private static char sc;
    private static short ss;
    private static int si;
    private static long sj;
    private static float sf;
    private static double sd;
    private static Object sl;
    private static volatile boolean vsz;
    private static volatile byte vsb;
    private static volatile char vsc;
    private static volatile short vss;
    private static volatile int vsi;
    private static volatile long vsj;
    private static volatile float vsf;
    private static volatile double vsd;
    private static volatile Object vsl;
    private static final Object FSL = new Object();
    private boolean z;
    private byte b;
    private char c;
    private short s;
    private int i;
    private long j;
    private float f;
    private double d;
    private Object l;
    private String str;
    private volatile boolean vz;
    private volatile byte vb;
    private volatile char vc;
    private volatile short vs;
    private volatile int vi;
    private volatile long vj;
    private volatile float vf;
    private volatile double vd;
    private volatile Object vl;
    private final boolean fz = false;
    private final int fi = 0;
    private final long fj = 0;
    private final Object fl = null;

    static void copyReflectively() {
      FieldKinds from = new FieldKinds();
      FieldKinds to = new FieldKinds();
      for (java.lang.reflect.Field field : FieldKinds.class.getDeclaredFields()) {
        try {
          Object value = field.get(from);
          if (!java.lang.reflect.Modifier.isFinal(field.getModifiers())) {
            field.set(to, value);
          }
        } catch (IllegalAccessException | RuntimeException e) {
          // a kind this JDK refuses: the program cannot use it either
        }
      }
    }
  }

  /**
   * The recording's header is written to a file that is then moved into place; the first atomic
   * move of a JVM links the JDK's copy-and-move classes. A move of a file that does not exist
   * takes that path and changes nothing.
   */
  private static void moveNothing() {
    Path none = Path.of("/", ".ttd-no-such-dir-" + Long.toHexString(System.nanoTime()), "none");
    try {
      Files.move(none, none.resolveSibling("moved"), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException expected) {
      // the source does not exist
    }
  }
}
