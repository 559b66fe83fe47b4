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
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import ttd.agent.io.RealSunNio;

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
  };

  private StartupSymmetry() {}

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
    new TreeMap<>(Map.of("k", 1)).keySet().toString();
    new IdentityHashMap<>(Map.of("k", 1)).keySet().toString();
    new ConcurrentHashMap<>(Map.of("k", 1)).keySet().toString();
    // the recording's redaction splits names into words with look-behind and look-ahead
    Pattern.compile("[_.\\-\\s]+|(?<=[a-z0-9])(?=[A-Z])").split("warmUp_name");
    Channels.newInputStream(Channels.newChannel(new ByteArrayInputStream(new byte[0]))).close();
    Channels.newOutputStream(Channels.newChannel(OutputStream.nullOutputStream())).write(new byte[1]);
    moveNothing();
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
    RealSunNio.prepare();
    bindCallerSensitive();
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
