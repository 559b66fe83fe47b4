package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The program's stack traces show no ttd frame, and the JDK method's frame where a hook stood in
 * for it: the same lines in record (the real native ran below the hook), in replay (ttd threw in
 * its place) and in a plain run.
 */
class ProgramStacksTest {

  private static final StackTraceElement OPEN0 =
      new StackTraceElement(null, "java.base", null, "java.io.FileInputStream", "open0", null, -2);
  private static final StackTraceElement OPEN =
      new StackTraceElement(null, "java.base", null, "java.io.FileInputStream", "open", "FileInputStream.java", 216);
  private static final StackTraceElement MAIN =
      new StackTraceElement("app", null, null, "Main", "main", "Main.java", 6);
  private static final StackTraceElement HOOK = ttd("ttd.runtime.FileHooks", "onFileInputOpen");

  /** The file hook stands for {@code FileInputStream.open0}, a native; nothing else is known. */
  private static final ProgramStacks.Hooked TABLE = new ProgramStacks.Hooked() {
    @Override
    public String standsFor(StackTraceElement hook, StackTraceElement caller) {
      return hook.getMethodName().equals("onFileInputOpen") ? "java.io.FileInputStream.open0" : null;
    }

    @Override
    public StackTraceElement nativeFrame(String method) {
      return method.equals("java.io.FileInputStream.open0") ? OPEN0 : null;
    }

    @Override
    public StackTraceElement[] blockedInside(StackTraceElement hook) {
      return null;
    }
  };

  @Test
  void aFailureTtdThrewInTheNativesPlaceShowsTheNativesFrameAboveTheHooksCaller() {
    StackTraceElement[] replayed = {
      ttd("ttd.agent.session.FileInputs", "exchange"), ttd("ttd.agent.session.Session", "onFileInput"), HOOK, OPEN, MAIN,
    };
    assertEquals(lines(OPEN0, OPEN, MAIN), lines(ProgramStacks.seen(replayed, TABLE, false)));
  }

  @Test
  void aFailureOfTheRealNativeKeepsItsFrameAndLosesTheFramesOfTheCallThatRanIt() {
    StackTraceElement[] recorded = {
      OPEN0,
      new StackTraceElement(null, "java.base", null, "java.lang.reflect.Method", "invoke", "Method.java", 569),
      ttd("ttd.agent.io.RealFileInputStream", "open0"), HOOK, OPEN, MAIN,
    };
    assertEquals(lines(OPEN0, OPEN, MAIN), lines(ProgramStacks.seen(recorded, TABLE, false)));
  }

  @Test
  void aThreadWaitingInsideTtdShowsTheNativeTheHookStandsFor() {
    StackTraceElement[] waiting = {
      new StackTraceElement(null, "java.base", null, "jdk.internal.misc.Unsafe", "park", null, -2),
      new StackTraceElement(null, "java.base", null, "java.util.concurrent.locks.LockSupport", "park", "LockSupport.java", 211),
      ttd("ttd.agent.schedule.Scheduler", "await"), HOOK, OPEN, MAIN,
    };
    assertEquals(lines(OPEN0, OPEN, MAIN), lines(ProgramStacks.seen(waiting, TABLE, false)));
  }

  /**
   * Another thread's stack on 17 and a thread info on 25 print the module's version ({@code
   * java.base@17.0.15/}); a throwable's frames, and 25's {@code getStackTrace()}, leave it out
   * ({@code java.base/}). The native's frame ttd puts above the hook's caller prints it as the
   * JVM's frames of that module in the same stack do.
   */
  @Test
  void aNativesFrameTtdSuppliesPrintsItsModuleAsTheJvmsFramesOfThatModuleInTheStack() {
    StackTraceElement versioned = new StackTraceElement(null, "java.base", "17.0.15", "java.lang.Thread", "run", "Thread.java", 840);
    StackTraceElement thrown = null;
    for (StackTraceElement e : new Throwable().getStackTrace()) {
      if ("java.base".equals(e.getModuleName()) && thrown == null) {
        thrown = e;
      }
    }
    for (StackTraceElement jdk : new StackTraceElement[] {versioned, thrown}) {
      StackTraceElement[] waiting = {ttd("ttd.agent.schedule.Scheduler", "await"), HOOK, MAIN, jdk};
      String module = jdk.toString().substring(0, jdk.toString().indexOf('/') + 1);
      assertEquals(module + "java.io.FileInputStream.open0(Native Method)",
          ProgramStacks.seen(waiting, TABLE, false)[0].toString(), "beside " + jdk);
    }
  }

  @Test
  void aThreadWaitingForItsTurnShowsNoneOfTheJdkFramesTtdsOwnWaitCalled() {
    StackTraceElement[] waiting = {
      new StackTraceElement(null, "java.base", null, "java.lang.Object", "wait0", null, -2),
      new StackTraceElement(null, "java.base", null, "java.lang.Object", "wait", "Object.java", 389),
      ttd("ttd.agent.schedule.BatonWait", "await"), ttd("ttd.runtime.ScheduleHooks", "onMonitorEnter"), MAIN,
    };
    assertEquals(lines(MAIN), lines(ProgramStacks.seen(waiting, TABLE, false)));
  }

  @Test
  void ttdFramesBetweenTwoOfTheProgramsAreDroppedAlone() {
    StackTraceElement callback = new StackTraceElement("app", null, null, "Main$Task", "run", "Main.java", 9);
    StackTraceElement[] calledBack = {
      callback, ttd("ttd.agent.session.Threads", "onThreadRun"), ttd("ttd.runtime.Hooks", "onThreadRun"), MAIN,
    };
    assertEquals(lines(callback, MAIN), lines(ProgramStacks.seen(calledBack, TABLE, false)));
  }

  @Test
  void aProgramsOwnClassesInAPackageNamedTtdAreTheProgramsFrames() {
    StackTraceElement own = new StackTraceElement("app", null, null, "ttd.samples.net.QuoteClient", "main", "QuoteClient.java", 37);
    StackTraceElement[] thrown = {OPEN0, OPEN, own};
    assertSame(thrown, ProgramStacks.seen(thrown, TABLE, false));
  }

  @Test
  void aStackWithoutTtdFramesIsLeftAsItIs() {
    StackTraceElement[] plain = {OPEN0, OPEN, MAIN};
    assertSame(plain, ProgramStacks.seen(plain, TABLE, false));
  }

  private static StackTraceElement ttd(String type, String method) {
    String loader = type.startsWith("ttd.agent.") ? "ttd-agent" : null;
    return new StackTraceElement(loader, null, null, type, method, type.substring(type.lastIndexOf('.') + 1) + ".java", 40);
  }

  private static List<String> lines(StackTraceElement... frames) {
    List<String> out = new ArrayList<>();
    for (StackTraceElement e : frames) {
      out.add(e.toString());
    }
    return out;
  }
}
