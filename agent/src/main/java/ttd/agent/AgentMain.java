package ttd.agent;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import ttd.agent.identity.BootModules;
import ttd.agent.identity.DefaultTimeZone;
import ttd.agent.identity.HashState;
import ttd.agent.identity.PropertyOrder;
import ttd.agent.identity.SharedHashes;
import ttd.agent.identity.ReflectionInflation;
import ttd.agent.identity.ThreadIds;
import ttd.agent.session.HashTrace;
import ttd.agent.identity.StartupClassSeeds;
import ttd.agent.identity.StartupSymmetry;
import ttd.agent.identity.InternalUnsafe;
import ttd.agent.identity.JvmGlobals;
import ttd.agent.identity.NamedJdkClasses;
import ttd.log.ChronicleSettings;
import ttd.agent.identity.ThreadSeeds;
import ttd.agent.instrument.ClassFileInstrumenter;
import ttd.agent.instrument.ClassPack;
import ttd.agent.instrument.LoadedClasses;
import ttd.agent.instrument.ReflectiveCalls;
import ttd.agent.instrument.TtdTransformer;
import ttd.agent.io.RealFileInputStream;
import ttd.agent.io.RealFileOutputStream;
import ttd.agent.io.RealJavaIoFileSystem;
import ttd.agent.io.RealUnsafePark;
import ttd.agent.instrument.RealValueCalls;
import ttd.agent.io.RealNativeIoCalls;
import ttd.agent.value.AppendedJars;
import ttd.agent.io.RealSunNio;
import ttd.agent.io.RealSecureRandomSpi;
import ttd.agent.session.Messages;
import ttd.agent.session.Session;
import ttd.agent.session.ShadowFiles;
import ttd.runtime.FileHooks;
import ttd.runtime.Hooks;
import ttd.runtime.ScheduleHooks;
import ttd.runtime.NativeIoHooks;
import ttd.runtime.NetHooks;
import ttd.runtime.RandomHooks;

/**
 * The agent proper, started by the launcher's premain inside the agent's private class loader.
 *
 * <p>Order matters: the hook classes go to the bootstrap loader first; the identity-hash probe
 * runs before anything else starts threads; the session (and with it Chronicle) starts before the
 * hooks go live; the classes already loaded are retransformed; and only then does the main thread
 * become a recorded thread.
 *
 * <p>A replay runs only under a working replay agent: anything that stops it before the program's
 * first instruction goes to {@code refuse}, which says why in one sentence and halts the JVM (the
 * launcher's {@code ReplayHandshake}); {@code started} tells the launcher the replay began.
 */
public final class AgentMain {

  private AgentMain() {}

  /**
   * @param started run just before the program's first instruction of a replay (null: recording)
   * @param refuse says why a replay cannot begin and halts the JVM (null: recording)
   */
  public static void premain(
      String options, Instrumentation inst, Path runtimeJar, Runnable started, Consumer<String> refuse) {
    AgentOptions opts;
    try {
      opts = AgentOptions.parse(options);
    } catch (IllegalArgumentException e) {
      if (refuse != null) {
        refuse.accept(e.getMessage());
      }
      System.err.println("ttd: " + e.getMessage());
      System.exit(2);
      return;
    }
    Messages messages = new Messages(opts.quiet());
    StartupClassSeeds classSeeds = null;
    try {
      ThreadIds.reserve();
      ReflectionInflation.turnOff();
      HashState.probe();
      StartupSymmetry.preload();
      SharedHashes.assign(inst);
      SharedHashes.reportedByDebuggers();
      classSeeds = StartupClassSeeds.start(inst);
      SharedHashes.seeded("chronicle", ChronicleSettings::initialise);
      SharedHashes.seeded("network natives", RealSunNio::prepare);
      CompilerDirectives.add(inst, runtimeJar.getParent()); // before the start-up's ASM work
      String hashTrace = System.getenv("TTD_HASH_TRACE");
      if (hashTrace != null) {
        HashTrace.start(hashTrace);
      }
      String mainClass = MainClassName.of();
      InternalUnsafe.StaticField threadNumber = JvmGlobals.threadNumber();
      int threadNumberBefore = threadNumber == null ? 0 : threadNumber.getInt();
      SessionStart start =
          opts.replaying()
              ? SessionStart.replay(opts, messages, refuse)
              : SessionStart.record(opts, messages, mainClass);
      if (start == null) {
        return;
      }
      if (threadNumber != null) {
        threadNumber.putInt(threadNumberBefore);
      }
      Session session = start.session();
      Session.ownInstrumentation(inst);
      ClassFileInstrumenter instrumenter =
          new ClassFileInstrumenter(
              mainClass == null ? null : mainClass.replace('.', '/'), start.chaos(), start.path());
      ClassLoader agentLoader = AgentMain.class.getClassLoader();
      FileHooks.installRealFiles(
          new RealFileInputStream(), new RealFileOutputStream(), new RealJavaIoFileSystem());
      ScheduleHooks.installRealPark(new RealUnsafePark());
      NativeIoHooks.installReal(new RealNativeIoCalls());
      AppendedJars.keepCopiesIn(runtimeJar.getParent().resolve("appended-jars"));
      ShadowFiles.keepIn(runtimeJar.getParent().resolve("mapped"));
      NetHooks.installRealNet(new RealSunNio());
      RandomHooks.installReal(new RealSecureRandomSpi());
      TtdTransformer transformer = new TtdTransformer(instrumenter, agentLoader, start.transformListener());
      inst.addTransformer(transformer, true);
      List<Class<?>> loaded =
          LoadedClasses.toRetransform(inst, instrumenter, agentLoader, runtimeJar.getParent());
      // before the retransformation, which runs ASM in a run that finds no start's pack only: the
      // JDK classes ASM and ttd's code name are hashed by name before ASM can link them
      NamedJdkClasses.load();
      SharedHashes.assignLateClasses(inst);
      ClassPack startPack = ClassPack.openStart(runtimeJar.getParent().resolve("classes"),
          System.getProperty("java.home"), System.getProperty("java.vm.version"), start.chaos(),
          !opts.replaying());
      transformer.retransformFrom(startPack, () -> inst.retransformClasses(loaded.toArray(new Class<?>[0])));
      // after the transformer: it loads the JDK classes the operations live in, which must load
      // rewritten, not be retransformed (docs/decisions/retransformed-jdk-classes.md)
      SharedHashes.seeded("native I/O", RealNativeIoCalls::prepare);
      SharedHashes.seeded("captured values", () -> Hooks.installRealValues(new RealValueCalls()));
      ReflectiveCalls.prepare(inst);
      Map<String, String> globals = start.globals(JvmGlobals.capture());
      if (JvmGlobals.restore(globals)) {
        retransformSalted(inst);
      }
      ThreadSeeds.start(globals);
      start.started(globals);
      Map<String, String> properties = start.properties();
      // none with the divergence finder: its rewrites register path ids (PathIds) as they go,
      // which a packed class would not do again
      ClassPack pack = start.path() ? null : ClassPack.open(runtimeJar.getParent().resolve("classes"),
          ClassPack.key(properties.get("java.home"), System.getProperty("java.vm.version"),
              properties.get("java.class.path"), properties.get("jdk.module.path"), mainClass,
              start.chaos()),
          !opts.replaying());
      PropertyOrder.lay(properties);
      BootModules.lay();
      Shutdown.register(start, transformer::savePack);
      StartupSymmetry.warm();
      DefaultTimeZone.forget(properties);
      SharedHashes.assignLateClasses(inst);
      classSeeds.stop();
      // only now: the start's own rewrites are made afresh in every run, so that both kinds of run
      // have run the rewriters (and linked what they use), and what the start loads differs by mode
      if (pack != null) {
        transformer.usePack(pack);
      }
      if (started != null) {
        started.run();
      }
      Hooks.install(session);
      session.adoptMainThread();
    } catch (Throwable t) {
      Hooks.install(null);
      if (opts.replaying() && refuse != null) {
        refuse.accept("the replay agent could not start, so nothing of the program ran: " + t);
      }
      if (opts.replaying()) {
        System.err.println("ttd: the replay agent could not start, so nothing of the program ran: " + t);
        Runtime.getRuntime().halt(2);
      }
      messages.say("the agent could not start (" + t + "); the program runs without ttd");
    } finally {
      if (classSeeds != null) {
        classSeeds.stop(); // stopped already unless the start-up ended early
      }
    }
  }

  /**
   * Drops compiled code that may have folded the old {@code Set.of} salt into constants: every
   * loaded class that can read it. A fixed list missed {@code Set12}'s anonymous iterator, whose
   * code compiled at boot kept iterating two-element sets in the boot order.
   */
  private static void retransformSalted(Instrumentation inst) throws Exception {
    List<Class<?>> salted = new ArrayList<>();
    for (Class<?> c : inst.getAllLoadedClasses()) {
      if (c.getClassLoader() == null && JvmGlobals.readsSalt(c.getName()) && inst.isModifiableClass(c)) {
        salted.add(c);
      }
    }
    inst.retransformClasses(salted.toArray(new Class<?>[0]));
  }
}
