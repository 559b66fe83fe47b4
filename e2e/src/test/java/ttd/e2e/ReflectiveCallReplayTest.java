package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Captured JDK methods called through {@code Method.invoke} and method handles, as dynamic
 * languages (Groovy, JRuby, Clojure) and expression engines call everything, go through the same
 * hooks as a rewritten call site: the clocks and {@code Runtime.availableProcessors} replay the
 * recorded values, and a reflective {@code Object.wait(long)}, a handle's {@code notifyAll} and
 * {@code Thread.sleep} are the scheduler's. They have no call site to rewrite, so before, the
 * replay read its own clock (exit 86), and a wait made through reflection was a real one held by
 * the thread with the baton: the thread that would notify never ran (Groovy's {@code
 * lock.wait(100)} in a loop recorded forever; here the loop gives up after 30 waits).
 */
class ReflectiveCallReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.lang.invoke.MethodHandle;",
      "import java.lang.invoke.MethodHandles;",
      "import java.lang.reflect.Method;",
      "import static java.lang.invoke.MethodType.methodType;",
      "public class ReflectiveClockAndWaits {",
      "  static final Object lock = new Object();",
      "  static boolean ready;",
      "  public static void main(String[] args) throws Throwable {",
      "    MethodHandles.Lookup lookup = MethodHandles.lookup();",
      "    Method millis = System.class.getMethod(\"currentTimeMillis\");",
      "    MethodHandle millisHandle = lookup.unreflect(millis);",
      "    MethodHandle nanos = lookup.findStatic(System.class, \"nanoTime\", methodType(long.class));",
      "    System.out.println(\"millis \" + millis.invoke(null) + \" \" + (long) millisHandle.invokeExact());",
      "    System.out.println(\"nanos \" + (long) nanos.invokeExact() + \" \" + System.class.getMethod(\"nanoTime\").invoke(null));",
      "    Runtime rt = Runtime.getRuntime();",
      "    MethodHandle processors = lookup.findVirtual(Runtime.class, \"availableProcessors\", methodType(int.class));",
      "    System.out.println(\"processors \" + Runtime.class.getMethod(\"availableProcessors\").invoke(rt)",
      "        + \" \" + (int) processors.invokeExact(rt));",
      "    MethodHandle sleep = lookup.findStatic(Thread.class, \"sleep\", methodType(void.class, long.class));",
      "    MethodHandle notifyAll = lookup.findVirtual(Object.class, \"notifyAll\", methodType(void.class));",
      "    Method await = Object.class.getMethod(\"wait\", long.class);",
      "    Thread worker = new Thread(() -> {",
      "      try {",
      "        sleep.invokeExact(20L);",
      "        synchronized (lock) {",
      "          ready = true;",
      "          notifyAll.invokeExact(lock);",
      "        }",
      "      } catch (Throwable e) {",
      "        throw new IllegalStateException(e);",
      "      }",
      "    }, \"worker\");",
      "    worker.start();",
      "    int waits = 0;",
      "    synchronized (lock) {",
      "      while (!ready && waits < 30) {",
      "        await.invoke(lock, 100L);",
      "        waits++;",
      "      }",
      "    }",
      "    worker.join();",
      "    System.out.println(\"ready \" + ready + \" after \" + waits + \" waits\");",
      "  }",
      "}");

  private static final String REFERENCES = String.join("\n",
      "import java.util.function.*;",
      "public class MemoryReferences {",
      "  public static void main(String[] args) {",
      "    Runtime rt = Runtime.getRuntime();",
      "    LongSupplier free = rt::freeMemory;",
      "    ToLongFunction<Runtime> total = Runtime::totalMemory;",
      "    IntSupplier processors = rt::availableProcessors;",
      "    Runnable yield = Thread::yield;",
      "    long[] garbage = new long[1 << 16];",
      "    yield.run();",
      "    System.out.println(\"free \" + free.getAsLong() + \" total \" + total.applyAsLong(rt)",
      "        + \" processors \" + processors.getAsInt() + \" \" + garbage.length);",
      "  }",
      "}");

  private static final String SERIALIZABLE = String.join("\n",
      "import java.io.*;",
      "import java.lang.invoke.SerializedLambda;",
      "import java.lang.reflect.Method;",
      "import java.nio.charset.StandardCharsets;",
      "import java.util.function.*;",
      "public class SerializableReferences {",
      "  interface Clock extends LongSupplier, Serializable {}",
      "  public static void main(String[] args) throws Exception {",
      "    Runtime rt = Runtime.getRuntime();",
      "    Clock millis = System::currentTimeMillis;",
      "    LongSupplier nanos = (LongSupplier & Serializable) System::nanoTime;",
      "    LongSupplier free = (LongSupplier & Serializable) rt::freeMemory;",
      "    ToLongFunction<Runtime> total = (ToLongFunction<Runtime> & Serializable) Runtime::totalMemory;",
      "    System.out.println(\"millis \" + millis.getAsLong() + \" nanos \" + nanos.getAsLong() + \" free \" + free.getAsLong());",
      "    for (Object ref : new Object[] {millis, nanos, free, total}) {",
      "      Method replace = ref.getClass().getDeclaredMethod(\"writeReplace\");",
      "      replace.setAccessible(true);",
      "      SerializedLambda form = (SerializedLambda) replace.invoke(ref);",
      "      System.out.println(\"names \" + form.getImplClass() + \".\" + form.getImplMethodName()",
      "          + form.getImplMethodSignature() + \" kind \" + form.getImplMethodKind());",
      "    }",
      "    ByteArrayOutputStream bytes = new ByteArrayOutputStream();",
      "    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {",
      "      out.writeObject(millis);",
      "      out.writeObject(total);",
      "    }",
      "    System.out.println(\"mentions ttd \" + new String(bytes.toByteArray(), StandardCharsets.ISO_8859_1).contains(\"ttd\"));",
      "    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {",
      "      LongSupplier back = (LongSupplier) in.readObject();",
      "      @SuppressWarnings(\"unchecked\") ToLongFunction<Runtime> totalBack = (ToLongFunction<Runtime>) in.readObject();",
      "      System.out.println(\"deserialized millis \" + back.getAsLong() + \" total \" + totalBack.applyAsLong(rt));",
      "    }",
      "  }",
      "}");

  /**
   * A serializable method reference to a captured method ({@code (LongSupplier & Serializable)
   * System::nanoTime}, Spark's and Flink's functions, Vaadin's serializable suppliers) read the
   * replaying machine's clock and memory (exit 86): the metafactory kept the JDK method so that
   * the serialized form names it. It now binds the adapter as for any method reference, and the
   * serialized form is given the program's method back, so the names the form holds, the bytes
   * written and the program's own deserialization are those of a plain run.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void serializableMethodReferencesToCapturedMethodsReplayAndSerializeAsPlain(Jvm jvm) {
    Path work = Scratch.dir("serializable-references-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "SerializableReferences", SERIALIZABLE);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "SerializableReferences");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    for (String names : new String[] {"names java/lang/System.currentTimeMillis()J kind 6",
        "names java/lang/System.nanoTime()J kind 6", "names java/lang/Runtime.freeMemory()J kind 5", "names java/lang/Runtime.totalMemory()J kind 5",
        "mentions ttd false"}) {
      assertTrue(recorded.stdoutLines().contains(names), names + " missing:\n" + recorded.describe());
    }
    Outcome events = TtdRun.cli(jvm, work, "events", recording.toAbsolutePath().toString());
    assertEquals(0, events.exitStatus(), events.describe());
    for (String kind : new String[] {"CLOCK_MILLIS", "CLOCK_NANOS", "MEMORY"}) {
      assertTrue(events.stdout().contains(kind + " "), kind + " not logged:\n" + events.describe());
    }
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording),
        "replay of serializable method references to captured methods");
  }

  /**
   * A method reference to a captured method ({@code rt::freeMemory}, {@code Runtime::totalMemory})
   * is a class the JDK spins, which no transformer sees: Hazelcast's health monitor logs {@code
   * Runtime::freeMemory} through one, and 2 of 5 replays of it diverged there. The metafactory now
   * binds the method's adapter instead.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void capturedMethodsBoundAsMethodReferencesReplay(Jvm jvm) {
    Path work = Scratch.dir("method-references-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "MemoryReferences", REFERENCES);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "MemoryReferences");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    Outcome events = TtdRun.cli(jvm, work, "events", recording.toAbsolutePath().toString());
    assertEquals(0, events.exitStatus(), events.describe());
    assertEquals(2, events.stdout().split("MEMORY ", -1).length - 1, "two MEMORY events:\n" + events.describe());
    assertTrue(events.stdout().contains("PROCESSORS "), "PROCESSORS not logged:\n" + events.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording),
        "replay of captured methods bound as method references");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void capturedMethodsCalledThroughReflectionAndHandlesReplayAndAreScheduled(Jvm jvm) {
    Path work = Scratch.dir("reflective-calls-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ReflectiveClockAndWaits", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "ReflectiveClockAndWaits");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(4, recorded.stdoutLines().size(), recorded.describe());
    assertTrue(recorded.stdout().contains("ready true after "), recorded.describe());
    Outcome events = TtdRun.cli(jvm, work, "events", recording.toAbsolutePath().toString());
    assertEquals(0, events.exitStatus(), events.describe());
    for (String kind : new String[] {"CLOCK_MILLIS", "CLOCK_NANOS", "PROCESSORS", "SLEEP", "SCHED_WAIT"}) {
      assertTrue(events.stdout().contains(kind + " "), kind + " not logged:\n" + events.describe());
    }
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording),
        "replay of captured methods called through reflection and method handles");
  }
}
