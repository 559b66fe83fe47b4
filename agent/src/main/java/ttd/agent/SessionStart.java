package ttd.agent;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import ttd.agent.identity.HashState;
import ttd.agent.identity.PropertyOrder;
import ttd.agent.instrument.CaptureTable;
import ttd.agent.instrument.TtdTransformer;
import ttd.agent.record.RecordSession;
import ttd.agent.replay.ReplaySession;
import ttd.agent.session.Messages;
import ttd.agent.session.NativeChildRecorder;
import ttd.agent.session.ProgramRun;
import ttd.agent.session.Redaction;
import ttd.agent.session.Session;
import ttd.log.BadRecordingException;
import ttd.log.OwnerOnly;
import ttd.log.RecordingMetadata;
import ttd.log.RecordingScan;
import ttd.log.TraceFormat;
import ttd.log.TraceWriter;

/**
 * Starts a record or replay session: the recording directory, its header, and what the rest of
 * the agent needs from the session (its transformer listener, its JVM globals, its end).
 */
abstract class SessionStart {

  abstract Session session();

  abstract TtdTransformer.Listener transformListener();

  /** Record: notes the captured globals and returns them. Replay: returns the recorded ones. */
  abstract Map<String, String> globals(Map<String, String> captured) throws IOException;

  abstract void started(Map<String, String> globals) throws IOException;

  /** The system properties the program starts with (see {@code PropertyOrder}). */
  abstract Map<String, String> properties();

  abstract void finish();

  /** Whether the program runs under chaos scheduling (it adds schedule points to its classes). */
  abstract boolean chaos();

  /** Whether the program's path is logged (record) or checked (replay): it adds path hooks too. */
  abstract boolean path();

  static SessionStart record(AgentOptions opts, Messages messages, String mainClass)
      throws IOException {
    Path dir = opts.out() != null ? opts.out() : defaultDirectory(mainClass);
    try {
      Files.createDirectories(dir.getParent() == null ? dir.toAbsolutePath().getParent() : dir.getParent());
      OwnerOnly.createDirectory(dir);
    } catch (FileSystemException e) {
      String why =
          e instanceof AccessDeniedException
              ? "permission denied"
              : e instanceof java.nio.file.FileAlreadyExistsException
                  ? "it already exists"
                  : e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
      System.err.println(
          "ttd: cannot write the recording to "
              + dir
              + " ("
              + why
              + "); choose another directory with out=DIR");
      System.exit(2);
      return null;
    }
    Redaction redaction = opts.redaction();
    RecordingMetadata meta = header(opts, mainClass, redaction);
    for (String early : ProgramAgents.among(runtimeArguments(), ProgramAgents.ttdJar()).beforeTtd()) {
      messages.say("the Java agent " + early + " was loaded before ttd's, so what it did at start-up is not"
          + " recorded and its replay may differ; put ttd's -javaagent first");
    }
    String id = recordingId(dir);
    meta.put(TraceFormat.RECORDING_ID, id);
    meta.store(dir);
    Path queue = OwnerOnly.createDirectory(dir.resolve(TraceFormat.QUEUE_DIR));
    TraceWriter writer = new TraceWriter(queue);
    writer.appendRecording(id);
    meta.put("timezone", TimeZone.getDefault().getID());
    ProgramRun run = new ProgramRun();
    RecordSession recording =
        new RecordSession(
            run, dir, writer, meta, RecordSession.pins(opts.pinnedClock(), opts.pinnedSeed()), messages,
            opts.chaos(), redaction, opts.path());
    Session session = new Session(run, recording, recording, CaptureTable.valueCaptures());
    if (opts.refuseNative()) {
      session.refuseNativeLibraries();
    }
    if (opts.nativeChildren() != null) {
      Path traces = Files.createDirectory(dir.resolve("native"));
      OwnerOnly.restrictDirectory(traces);
      session.recordNativeChildren(new NativeChildRecorder(opts.nativeChildren(), traces));
    }
    return new SessionStart() {
      @Override
      boolean chaos() {
        return opts.chaos();
      }

      @Override
      boolean path() {
        return opts.path();
      }

      @Override
      Session session() {
        return session;
      }

      @Override
      TtdTransformer.Listener transformListener() {
        return listener(session, messages, recording::classLoaded);
      }

      @Override
      Map<String, String> globals(Map<String, String> captured) throws IOException {
        Pinning.pinGlobals(captured, opts.pinnedSeed(), opts.pinnedClock());
        captured.forEach((k, v) -> meta.put("global." + k, v));
        return captured;
      }

      @Override
      void started(Map<String, String> globals) throws IOException {
        meta.put("identity.hash", HashState.available() ? "replayed" : "unavailable");
        meta.store(dir);
        messages.info("recording to " + dir);
        if (!HashState.available() && !opts.launcher()) {
          messages.info(
              "this JVM's identity hash state could not be located, so HashSet order may not"
                  + " replay; `java -jar ttd.jar record` adds flags that make it steadier");
        }
      }

      @Override
      void finish() {
        recording.finish("exit");
      }

      @Override
      Map<String, String> properties() {
        return PropertyOrder.current();
      }
    };
  }

  /** A replay's start; a recording that cannot be replayed goes to {@code refuse} (one sentence), which halts. */
  static SessionStart replay(AgentOptions opts, Messages messages, java.util.function.Consumer<String> refuse) {
    Path dir = opts.replay();
    RecordingMetadata meta;
    ReplaySession replay;
    Session session;
    AgentOptions recorded;
    try {
      RecordingScan scan = RecordingScan.indexed(dir);
      meta = scan.metadata().replayable(dir);
      recorded = AgentOptions.parse(meta.get("agent.options"));
      String cause = scan.endCause();
      int signal = cause != null && cause.startsWith("signal ") ? scan.endStatus() - 128 : 0;
      ProgramRun run = new ProgramRun();
      replay =
          new ReplaySession(
              run, dir.resolve(TraceFormat.QUEUE_DIR), scan, signal,
              meta.get(TraceFormat.SIGNAL_AT), redacted(meta),
              Integer.parseInt(meta.get(RecordingMetadata.SHUTDOWN_THREAD, "-1")), messages, recorded.path(), meta);
      session = new Session(run, replay, replay, CaptureTable.valueCaptures());
      if (recorded.refuseNative()) {
        session.refuseNativeLibraries();
      }
    } catch (BadRecordingException e) {
      if (refuse != null) {
        refuse.accept(e.getMessage());
      }
      System.err.println("ttd: " + e.getMessage());
      Runtime.getRuntime().halt(2);
      return null;
    }
    return new SessionStart() {
      @Override
      boolean chaos() {
        return recorded.chaos();
      }

      @Override
      boolean path() {
        return recorded.path();
      }

      @Override
      Session session() {
        return session;
      }

      @Override
      TtdTransformer.Listener transformListener() {
        return listener(session, messages, replay::classLoaded);
      }

      @Override
      Map<String, String> globals(Map<String, String> captured) {
        return meta.withPrefix("global.");
      }

      @Override
      void started(Map<String, String> globals) {
        replay.started();
      }

      @Override
      Map<String, String> properties() {
        return recordedProperties(meta);
      }

      @Override
      void finish() {
        replay.finish();
      }
    };
  }

  /** The names a recording left out, as its header lists them. */
  private static String redacted(RecordingMetadata meta) {
    String env = meta.get("redacted.env", "");
    String properties = meta.get("redacted.properties", "");
    return env.isEmpty() ? properties : properties.isEmpty() ? env : env + "," + properties;
  }

  private static TtdTransformer.Listener listener(
      Session session, Messages messages, java.util.function.ObjIntConsumer<String> classes) {
    return new TtdTransformer.Listener() {
      private boolean reported;

      @Override
      public void classLoaded(String name, int checksum) {
        classes.accept(name, checksum);
      }

      @Override
      public void instrumentationFailed(String className, Throwable error) {
        if (!reported) {
          reported = true;
          messages.say("could not instrument " + className + " (" + error + "); it runs unchanged");
        }
      }

      @Override
      public boolean enterAgent() {
        return session.enterAgent();
      }

      @Override
      public void leaveAgent(boolean previous) {
        session.leaveAgent(previous);
      }
    };
  }

  /**
   * An id unique to this run, which binds the log to the header: the start in milliseconds and in
   * the monotonic clock's nanoseconds, and the recording's path. No random source: the first use
   * of one initialises JDK classes that a replay would not initialise before the program does.
   */
  private static String recordingId(Path dir) {
    java.util.zip.CRC32C path = new java.util.zip.CRC32C();
    path.update(dir.toAbsolutePath().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return Long.toHexString(System.currentTimeMillis()) + "-" + Long.toHexString(System.nanoTime())
        + "-" + Long.toHexString(path.getValue());
  }

  private static Path defaultDirectory(String mainClass) {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    return Paths.get("ttd-recordings", MainClassName.shortName(mainClass) + "-" + stamp);
  }

  private static RecordingMetadata header(AgentOptions opts, String mainClass, Redaction redaction) {
    RecordingMetadata m = new RecordingMetadata();
    m.put("format.version", Integer.toString(TraceFormat.VERSION));
    m.put("status", RecordingMetadata.STATUS_RECORDING);
    m.put("start.time", java.time.Instant.ofEpochMilli(System.currentTimeMillis()).toString());
    m.put("java.home", System.getProperty("java.home"));
    m.put("java.runtime.version", System.getProperty("java.runtime.version"));
    m.put("java.vm.name", System.getProperty("java.vm.name"));
    m.put("main.class", mainClass);
    m.put("command", System.getProperty("sun.java.command"));
    m.put("class.path", System.getProperty("java.class.path"));
    m.put("working.dir", System.getProperty("user.dir"));
    m.put("processors", Integer.toString(Runtime.getRuntime().availableProcessors()));
    m.put("agent.options", opts.toString());
    List<String> jvmArgs = new ArrayList<>();
    String[] arguments = runtimeArguments();
    for (String a : arguments) {
      if (!a.startsWith("-javaagent:") && !a.startsWith("-agentlib:jdwp")) {
        jvmArgs.add(redaction.jvmOption(a));
      }
    }
    m.putList("jvm.args", jvmArgs);
    List<String> agents = new ArrayList<>();
    for (String a : ProgramAgents.among(arguments, ProgramAgents.ttdJar()).all()) {
      agents.add(redaction.jvmOption(a));
    }
    m.putList("jvm.agents", agents);
    List<String> redacted = new ArrayList<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      String value = System.getProperty(name);
      String recorded = redaction.property(name, value);
      m.put("property." + name, recorded);
      if (recorded != null && !recorded.equals(value)) {
        redacted.add(name);
      }
    }
    java.util.Collections.sort(redacted);
    m.put("redaction", redaction.describe());
    m.put("redacted.properties", String.join(",", redacted));
    return m;
  }

  /** The JVM's own options as the launcher passed them (without loading java.management). */
  private static String[] runtimeArguments() {
    try {
      return (String[]) Class.forName("jdk.internal.misc.VM").getMethod("getRuntimeArguments").invoke(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return new String[0];
    }
  }

  /**
   * The system properties the recorded program had, keys and values, except the JVM's own facts
   * (its paths, its version), which the replay JVM gives where it has them. Properties the replay
   * JVM has and the recording had not are left out.
   */
  private static Map<String, String> recordedProperties(RecordingMetadata meta) {
    Map<String, String> properties = new java.util.TreeMap<>();
    meta.withPrefix("property.")
        .forEach(
            (k, recorded) -> {
              String own = jvmFact(k) ? System.getProperty(k) : null;
              properties.put(k, own != null ? own : recorded);
            });
    return properties;
  }

  private static boolean jvmFact(String k) {
    return k.startsWith("java.") || k.startsWith("jdk.") || k.startsWith("sun.")
        || k.equals("user.dir") || k.startsWith("ttd.");
  }
}
