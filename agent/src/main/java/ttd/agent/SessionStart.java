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
import ttd.agent.instrument.TtdTransformer;
import ttd.agent.replay.ReplaySession;
import ttd.agent.session.Messages;
import ttd.agent.session.NativeChildRecorder;
import ttd.agent.session.RecordSession;
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
      Files.createDirectory(dir);
      OwnerOnly.restrictDirectory(dir);
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
    RecordingMetadata meta = header(opts, mainClass);
    meta.store(dir);
    Path queue = Files.createDirectory(dir.resolve(TraceFormat.QUEUE_DIR));
    OwnerOnly.restrictDirectory(queue);
    TraceWriter writer = new TraceWriter(queue);
    meta.put("timezone", TimeZone.getDefault().getID());
    RecordSession session =
        new RecordSession(
            dir, writer, meta, RecordSession.pins(opts.pinnedClock(), opts.pinnedSeed()), messages,
            opts.chaos(), opts.path());
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
        return listener(session, messages, session::classLoaded);
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
        session.finish("exit");
      }
    };
  }

  static SessionStart replay(AgentOptions opts, Messages messages) {
    Path dir = opts.replay();
    RecordingMetadata meta;
    ReplaySession session;
    AgentOptions recorded;
    try {
      RecordingScan scan = RecordingScan.of(dir);
      meta = scan.metadata();
      recorded = AgentOptions.parse(meta.get("agent.options"));
      session =
          new ReplaySession(
              dir.resolve(TraceFormat.QUEUE_DIR), scan.usable(), scan.eventsByThread(), messages,
              recorded.path());
    } catch (BadRecordingException e) {
      System.err.println("ttd: " + e.getMessage());
      System.exit(2);
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
        return listener(session, messages, session::classLoaded);
      }

      @Override
      Map<String, String> globals(Map<String, String> captured) {
        return meta.withPrefix("global.");
      }

      @Override
      void started(Map<String, String> globals) {
        restoreProperties(meta);
      }

      @Override
      void finish() {
        session.finish();
      }
    };
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

  private static Path defaultDirectory(String mainClass) {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    return Paths.get("ttd-recordings", MainClassName.shortName(mainClass) + "-" + stamp);
  }

  private static RecordingMetadata header(AgentOptions opts, String mainClass) {
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
    for (String a : runtimeArguments()) {
      if (!a.startsWith("-javaagent:") && !a.startsWith("-agentlib:jdwp")) {
        jvmArgs.add(a);
      }
    }
    m.putList("jvm.args", jvmArgs);
    for (String name : System.getProperties().stringPropertyNames()) {
      m.put("property." + name, System.getProperty(name));
    }
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

  /** Puts back the system properties the recorded machine had, except the JVM's own facts. */
  private static void restoreProperties(RecordingMetadata meta) {
    for (Map.Entry<String, String> e : meta.withPrefix("property.").entrySet()) {
      String k = e.getKey();
      if (k.startsWith("java.") || k.startsWith("jdk.") || k.startsWith("sun.")
          || k.equals("user.dir") || k.startsWith("ttd.")) {
        continue;
      }
      System.setProperty(k, e.getValue());
    }
  }
}
