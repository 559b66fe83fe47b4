package ttd.bench.reverse;

import com.sun.jdi.LongValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;
import ttd.bench.Flags;

/**
 * ttd's JDWP server (docs/jdwp.md) measured as an IDE meets it, in the two figures of issue 15,
 * each as a ratio to a run measured in the same rounds.
 *
 * <p><b>Reverse-continue through a JDWP client.</b> Records {@link ReverseWorkload} for {@code
 * --seconds}, runs {@code ttd debug --jdwp 0} in batch mode ({@link ConsoleDriver}) to the stop at
 * {@code finish}, takes checkpoint 1 there, attaches the JDK's JDI and sets the client's own
 * breakpoint in {@code second}. Per round, each from {@code restart 1} with the ladder parked and
 * the breakpoint indexed (as while a user reads): the console's own {@code reverse-continue}
 * (timed from its echo to its end, as {@link ReverseBench} times it); the client's Resume with the
 * direction switched to reverse (the IDE's Resume button), timed from {@code
 * VirtualMachine.resume()} to the client's breakpoint event; and, when the bench runs with {@code
 * --add-opens jdk.jdi/com.sun.tools.jdi=ALL-UNNAMED}, the vendor command ReverseContinue (0xF0/2)
 * sent on JDI's own connection, timed from the send to the event. All three must land on the same
 * call of {@code second}, one second back.
 *
 * <p><b>An IDE-like attach session</b> ({@link AttachSession} on {@link AttachWorkload}): against
 * a plain JVM started with {@code -agentlib:jdwp=transport=dt_socket,server=y,suspend=y}, against
 * a replay JVM of the program's recording started with that same agent (ttd's agent in replay
 * mode and the JDK's JDWP agent: what the session costs on the replay itself), and through {@code
 * ttd replay REC --jdwp 0}. The three run in turn in each round; each session's phases are timed
 * from the port's announcement, so no JVM's start-up before it is counted.
 *
 * <pre>java --add-opens jdk.jdi/com.sun.tools.jdi=ALL-UNNAMED -cp bench/target/classes ttd.bench.reverse.JdwpBench --ttd-jar dist/target/ttd.jar [--seconds 5] [--rounds 5] [--only reverse|attach] [--echo true]</pre>
 */
public final class JdwpBench {

  private static final String W = ReverseWorkload.class.getName();
  private static final int VENDOR = 0xF0;
  private static final Pattern LISTENING = Pattern.compile("Listening for transport dt_socket at address: (\\d+)");
  private static final Pattern REPLAY_WAITS = Pattern.compile("ttd: the replay waits for a debugger on 127\\.0\\.0\\.1:(\\d+)");
  private static final Pattern CONSOLE_SERVES = Pattern.compile("a debugger can attach to 127\\.0\\.0\\.1:(\\d+) \\(JDWP\\)");

  private JdwpBench() {}

  public static void main(String[] args) throws Exception {
    String[] jar = {null};
    int[] seconds = {5};
    int[] rounds = {5};
    String[] only = {"both"};
    boolean[] echo = {false};
    try {
      Flags.each(args, (name, value) -> {
        switch (name) {
          case "--ttd-jar": jar[0] = Paths.get(value).toAbsolutePath().toString(); break; // the runs start in a scratch directory
          case "--seconds": seconds[0] = Flags.positive(name, value); break;
          case "--rounds": rounds[0] = Flags.positive(name, value); break;
          case "--only":
            if (!List.of("reverse", "attach").contains(value)) {
              throw new IllegalArgumentException("--only takes reverse or attach, not " + value);
            }
            only[0] = value;
            break;
          case "--echo": echo[0] = Boolean.parseBoolean(value); break;
          default: throw new IllegalArgumentException("unknown option " + name);
        }
      });
      if (jar[0] == null) {
        throw new IllegalArgumentException("--ttd-jar PATH is needed");
      }
    } catch (IllegalArgumentException e) {
      System.err.println((e.getMessage().isEmpty() ? "" : "JdwpBench: " + e.getMessage() + "\n")
          + "usage: JdwpBench --ttd-jar PATH [--seconds 5] [--rounds 5] [--only reverse|attach] [--echo true]");
      System.exit(2);
    }
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String cp = Paths.get(JdwpBench.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    Path tmp = Files.createTempDirectory("ttd-jdwp-bench-");
    System.out.printf("ttd JDWP benchmark: java %s, %d rounds, load average %s before%n", Runtime.version(), rounds[0], load());
    if (!only[0].equals("attach")) {
      reverse(java, jar[0], cp, tmp, seconds[0], rounds[0], echo[0]);
    }
    if (!only[0].equals("reverse")) {
      attach(java, jar[0], cp, tmp, rounds[0]);
    }
    System.out.printf("load average after: %s%n", load());
  }

  private static void reverse(String java, String jar, String cp, Path tmp, int seconds, int rounds, boolean echo) throws Exception {
    Path rec = tmp.resolve("reverse");
    ConsoleDriver.run(List.of(java, "-javaagent:" + jar + "=out=" + rec + ",quiet", "-cp", cp, W, Integer.toString(seconds)), tmp);
    List<String> cmd = List.of(java, "-Dttd.debug.rungSpacingMs=600", "-Dttd.debug.hitIndex=true",
        "-jar", jar, "debug", rec.toString(), "--jdwp", "0");
    List<Double> console = new ArrayList<>();
    List<Double> resume = new ArrayList<>();
    List<Double> vendor = new ArrayList<>();
    List<String> landings = new ArrayList<>();
    boolean vendorOpen = true;
    try (ConsoleDriver c = new ConsoleDriver(cmd, tmp, echo)) {
      int port = Integer.parseInt(c.await(CONSOLE_SERVES));
      c.command("stop in " + W + ".finish");
      c.command("run");
      c.command("checkpoint");
      VirtualMachine vm = AttachSession.attach(port);
      stop(vm);
      ReferenceType w = vm.classesByName(W).get(0);
      BreakpointRequest bp = vm.eventRequestManager().createBreakpointRequest(w.methodsByName("second").get(0).location());
      bp.enable();
      c.command("direction reverse");
      c.awaitLadder();
      for (int r = 0; r < rounds; r++) {
        restart(c, vm);
        console.add(c.command("reverse-continue").seconds());
        landings.add("console " + landing(stop(vm), bp));

        restart(c, vm);
        long t0 = System.nanoTime();
        vm.resume();
        LocatableEvent e = stop(vm);
        resume.add((System.nanoTime() - t0) / 1e9);
        landings.add("resume " + landing(e, bp));

        if (vendorOpen) {
          restart(c, vm);
          t0 = System.nanoTime();
          try {
            vendorReverseContinue(vm);
          } catch (RuntimeException | IllegalAccessException inaccessible) {
            vendorOpen = false; // run without --add-opens: JDI's packet class is closed
            continue;
          }
          e = stop(vm);
          vendor.add((System.nanoTime() - t0) / 1e9);
          landings.add("vendor " + landing(e, bp));
        }
      }
      vm.dispose();
    }
    double base = ReverseBench.median(console);
    System.out.printf("reverse-continue to second() (~1 s back) in a %d s recording, from a checkpoint with the ladder parked:%n", seconds);
    System.out.printf("  console's own reverse-continue:          median %6.2f s  %s%n", base, console);
    System.out.printf("  JDI Resume, direction reverse, to event: median %6.2f s  %s  %.2fx the console's%n",
        ReverseBench.median(resume), resume, ReverseBench.median(resume) / base);
    if (vendorOpen) {
      System.out.printf("  vendor ReverseContinue (0xF0/2) to event: median %6.2f s  %s  %.2fx the console's%n",
          ReverseBench.median(vendor), vendor, ReverseBench.median(vendor) / base);
    } else {
      System.out.println("  vendor ReverseContinue: not measured (run with --add-opens jdk.jdi/com.sun.tools.jdi=ALL-UNNAMED)");
    }
    System.out.println("  landings (second's argument): " + landings);
  }

  /** The console's {@code restart 1}, the client's stop it makes, and the ladder parked again. */
  private static void restart(ConsoleDriver c, VirtualMachine vm) throws Exception {
    c.command("restart 1");
    stop(vm);
    c.awaitLadder();
  }

  /** Which second the stop is in; it must be the client's breakpoint in {@code second}. */
  private static long landing(LocatableEvent e, BreakpointRequest bp) throws Exception {
    if (!(e instanceof BreakpointEvent) || e.request() != bp) {
      throw new IllegalStateException("the stop was not the client's breakpoint in second(): " + e);
    }
    return ((LongValue) e.thread().frame(0).getArgumentValues().get(0)).value();
  }

  /** The next event set that suspends, with its first locatable event (as the e2e JDI clients wait). */
  private static LocatableEvent stop(VirtualMachine vm) throws InterruptedException {
    while (true) {
      EventSet set = AttachSession.next(vm);
      if (set.suspendPolicy() == EventRequest.SUSPEND_NONE) {
        continue;
      }
      for (Event e : set) {
        if (e instanceof LocatableEvent) {
          return (LocatableEvent) e;
        }
      }
    }
  }

  /** ReverseContinue (0xF0/2) on JDI's own connection, through JDI's packet class, as an IDE plugin on JDI would send it. */
  private static void vendorReverseContinue(VirtualMachine vm) throws ReflectiveOperationException {
    Class<?> type = Class.forName("com.sun.tools.jdi.PacketStream");
    Constructor<?> make = type.getDeclaredConstructor(Class.forName("com.sun.tools.jdi.VirtualMachineImpl"), int.class, int.class);
    make.setAccessible(true);
    Object packet = make.newInstance(vm, VENDOR, 2);
    for (String step : List.of("send", "waitForReply")) {
      Method m = type.getDeclaredMethod(step);
      m.setAccessible(true);
      m.invoke(packet);
    }
  }

  private static void attach(String java, String jar, String cp, Path tmp, int rounds) throws Exception {
    String workload = AttachWorkload.class.getName();
    Path rec = tmp.resolve("attach");
    ConsoleDriver.run(List.of(java, "-javaagent:" + jar + "=out=" + rec + ",quiet", "-cp", cp, workload), tmp);
    String agent = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0";
    List<String> plainCmd = List.of(java, agent, "-cp", cp, workload);
    List<String> replayCmd = List.of(java, "-XX:+UnlockDiagnosticVMOptions", "-XX:GuaranteedAsyncDeflationInterval=0",
        "-XX:-UseDynamicNumberOfCompilerThreads", "-XX:-UseDynamicNumberOfGCThreads", agent,
        "-javaagent:" + jar + "=replay=" + rec, "-cp", cp, workload);
    List<String> ttdCmd = List.of(java, "-jar", jar, "replay", rec.toString(), "--jdwp", "0");
    List<AttachSession.Phases> plain = new ArrayList<>();
    List<AttachSession.Phases> replay = new ArrayList<>();
    List<AttachSession.Phases> ttd = new ArrayList<>();
    List<AttachSession.Phases> plainBare = new ArrayList<>();
    List<AttachSession.Phases> ttdBare = new ArrayList<>();
    session(plainCmd, tmp, LISTENING, true); // warms the bench's own JDI classes; not counted
    for (int r = 0; r < rounds; r++) {
      plain.add(session(plainCmd, tmp, LISTENING, true));
      replay.add(session(replayCmd, tmp, LISTENING, true));
      ttd.add(session(ttdCmd, tmp, REPLAY_WAITS, true));
      plainBare.add(session(plainCmd, tmp, LISTENING, false));
      ttdBare.add(session(ttdCmd, tmp, REPLAY_WAITS, false));
    }
    System.out.printf("IDE-like attach session (attach, class-prepare, breakpoint, reads at the stop, %d step-overs each read):%n",
        AttachSession.STEPS);
    System.out.println("  median seconds                  attach  to-breakpoint  first-stop-reads  steps+reads   total   total/plain");
    row("plain JVM", plain, plain);
    row("replay JVM + JDWP agent", replay, plain);
    row("ttd replay --jdwp", ttd, plain);
    row("plain JVM, no toString()", plainBare, plainBare);
    row("ttd, no toString()", ttdBare, plainBare);
    ToDoubleFunction<AttachSession.Phases> afterStart = p -> p.total() - p.toBreakpoint();
    System.out.printf("  ttd / replay JVM + JDWP agent: %.2fx total, %.2fx without the run to the breakpoint%n",
        median(ttd, AttachSession.Phases::total) / median(replay, AttachSession.Phases::total),
        median(ttd, afterStart) / median(replay, afterStart));
    System.out.printf("  without the run to the breakpoint, ttd / plain JVM: %.2fx with toString(), %.2fx without%n",
        median(ttd, afterStart) / median(plain, afterStart), median(ttdBare, afterStart) / median(plainBare, afterStart));
  }

  private static AttachSession.Phases session(List<String> cmd, Path tmp, Pattern announces, boolean render) throws Exception {
    try (WaitingJvm jvm = new WaitingJvm(cmd, tmp, announces)) {
      return AttachSession.run(jvm.port(), render);
    }
  }

  private static void row(String name, List<AttachSession.Phases> ps, List<AttachSession.Phases> plain) {
    System.out.printf("  %-30s %6.3f  %13.3f  %16.3f  %11.3f  %6.3f  %6.2fx   totals %s%n", name,
        median(ps, AttachSession.Phases::attach), median(ps, AttachSession.Phases::toBreakpoint),
        median(ps, AttachSession.Phases::firstStop), median(ps, AttachSession.Phases::steps), median(ps, AttachSession.Phases::total),
        median(ps, AttachSession.Phases::total) / median(plain, AttachSession.Phases::total),
        ps.stream().map(p -> String.format("%.2f", p.total())).toList());
  }

  private static double median(List<AttachSession.Phases> ps, ToDoubleFunction<AttachSession.Phases> f) {
    List<Double> xs = new ArrayList<>();
    ps.forEach(p -> xs.add(f.applyAsDouble(p)));
    return ReverseBench.median(xs);
  }

  private static String load() throws java.io.IOException {
    String[] l = Files.readString(Path.of("/proc/loadavg")).split(" ");
    return l[0] + " " + l[1] + " " + l[2];
  }
}
