package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import ttd.debug.console.Help;

/**
 * Random sequences of console commands (issue 14's property test), on a single-threaded recording
 * and on a threaded chaos recording, on every JDK. The commands come from the console's own
 * table ({@link Help#commands()}; a command without a generator here fails the test), with
 * arguments drawn from the program (its classes, source lines, fields, methods) and from what the
 * console printed before (positions, locals, threads, checkpoints). After every command:
 * no stack trace or internal error reaches the user, and the session goes on (only {@code quit}
 * ends it). Along the way: {@code goto} of a position {@code when} printed comes back to the same
 * stop (thread, method, line, bci) and {@code when} prints the same position there;
 * {@code reverse-continue} then {@code cont} from a hit of unchanged requests comes back to that
 * position; {@code reverse-step}/{@code reverse-next} to an earlier line of the same method then
 * {@code step}/{@code next} comes back to the same line.
 *
 * <p>The console is driven as a script would, but one command at a time (a comment line after
 * each marks the end of its output), since later commands use what earlier ones printed. Each
 * case prints its seed; {@code -Dttd.e2e.consoleSeed=N} re-runs every case with seed N, and
 * {@code -Dttd.e2e.consoleCommands=N} draws N commands instead of {@value #COMMANDS}. The default
 * seeds are fixed, so the suite runs the same sequences every time. jqwik was not used: each try
 * is a console with replay JVMs (minutes under load), which rules out jqwik's hundreds of tries
 * and its shrinking, and the JDK parameter of every e2e test is JUnit's.
 */
class ConsoleCommandSequencesTest {

  private static final int COMMANDS = 14;
  private static final Pattern STOP = Pattern.compile("\"thread=([^\"]+)\", (\\S+)\\(\\), line=(\\d+) bci=(\\d+)");
  private static final Pattern WHEN = Pattern.compile("^position (\\S+) \\(event \\d+, tick \\d+.*\\)$");
  private static final Pattern EVENTS = Pattern.compile("has events 0 to (\\d+)");
  /** A frame of the console's own code in a stack trace. */
  private static final Pattern CONSOLE_FRAME = Pattern.compile("^\\s*at (ttd\\.debug\\.|ttd\\.replay\\.|ttd\\.launch\\.|com\\.sun\\.jdi\\.|com\\.sun\\.tools\\.jdi\\.|org\\.jline\\.)");
  /** Commands that end the session: the sequence ends with one. */
  private static final Set<String> ENDING = Set.of("quit", "exit");
  private static final Set<String> REQUESTS = Set.of("stop", "clear", "watch", "unwatch", "catch", "ignore");
  private static final String[] EXCEPTIONS = {"java.lang.IllegalStateException", "java.lang.IllegalArgumentException", "java.lang.RuntimeException"};

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      cases.add(Arguments.of(jvm, "OrderPipeline, one thread", 1401L));
      cases.add(Arguments.of(jvm, "BoxOffice, three threads, chaos", 1402L));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void noCommandSequenceEndsTheSessionOrLeavesItsPositionsBehind(Jvm jvm, String program, long defaultSeed) {
    long seed = Long.getLong("ttd.e2e.consoleSeed", defaultSeed);
    int commands = Integer.getInteger("ttd.e2e.consoleCommands", COMMANDS);
    Path recording;
    Program p;
    if (program.startsWith("OrderPipeline")) {
      recording = ReverseDebuggingTest.crashingRecording(jvm);
      p = Program.of("ttd.samples.corruption.OrderPipeline");
    } else {
      recording = RaceDebuggingTest.oversoldRecording(jvm);
      p = Program.of("ttd.samples.concurrency.BoxOffice");
    }
    System.out.println("ConsoleCommandSequencesTest " + jvm.label() + " " + program + ": seed " + seed
        + " (re-run it with -Dttd.e2e.consoleSeed=" + seed + ")");
    try (Sequence s = new Sequence(jvm, recording, p, new Random(seed), seed)) {
      s.drive(commands);
    }
  }

  /** What the test knows of the recorded program, by reflection on its classes and from its source. */
  record Program(String main, List<String> classes, List<Integer> lines, List<String> fields, List<String> methods) {

    static Program of(String main) {
      List<String> classes = new ArrayList<>();
      List<String> fields = new ArrayList<>();
      List<String> methods = new ArrayList<>();
      try {
        List<Class<?>> all = new ArrayList<>(List.of(Class.forName(main)));
        all.addAll(List.of(all.get(0).getDeclaredClasses()));
        for (Class<?> c : all) {
          classes.add(c.getName());
          for (Field f : c.getDeclaredFields()) {
            if (!f.isSynthetic() && !(Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers()))) {
              fields.add(c.getName() + "." + f.getName());
            }
          }
          for (Method m : c.getDeclaredMethods()) {
            if (!m.isSynthetic()) {
              methods.add(c.getName() + "." + m.getName());
            }
          }
        }
      } catch (ClassNotFoundException e) {
        throw new AssertionError("the samples are not on the test's class path", e);
      }
      List<Integer> lines = new ArrayList<>();
      try {
        List<String> source = Files.readAllLines(DebugConsole.samplesSources().resolve(main.replace('.', '/') + ".java"));
        for (int i = 0; i < source.size(); i++) {
          String l = source.get(i).trim();
          if ((l.endsWith(";") || l.endsWith("{")) && !l.startsWith("import ") && !l.startsWith("package ") && !l.startsWith("*") && !l.startsWith("/")) {
            lines.add(i + 1);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new Program(main, classes, lines, fields, methods);
    }
  }

  /** One console, driven by one random sequence, and what the test saw it print. */
  private static final class Sequence implements AutoCloseable {

    private final Program program;
    private final Random random;
    private final long seed;
    private final LiveProcess console;
    private final StringBuilder transcript = new StringBuilder();
    private final Map<String, Function<String, String>> generators = new LinkedHashMap<>();
    private int sent;

    // what the console printed so far
    private String stop; // the current stop: "thread=...", method, line, bci (null: none shown)
    private String stopHeadline = "";
    private int stopRequests = -1; // the requests' version when the stop was reached
    private int requests;
    private boolean oneObjectWatch;
    private final Map<String, String> printed = new LinkedHashMap<>(); // position -> stop
    private final List<String> breakpoints = new ArrayList<>();
    private final List<String> watches = new ArrayList<>();
    private final List<String> catches = new ArrayList<>();
    private final List<String> locals = new ArrayList<>();
    private final List<String> threads = new ArrayList<>(List.of("main"));
    private int checkpoints;
    private long lastEvent = 40;
    private boolean started;
    private boolean ended;
    /** How many times each invariant was checked (not skipped for its preconditions). */
    private final Map<String, Integer> checked = new java.util.TreeMap<>();

    Sequence(Jvm jvm, Path recording, Program program, Random random, long seed) {
      this.program = program;
      this.random = random;
      this.seed = seed;
      List<String> cmd = List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "debug",
          recording.toAbsolutePath().toString(), "--sourcepath", DebugConsole.samplesSources().toString());
      this.console = new LiveProcess("ttd debug", cmd, recording.toAbsolutePath().getParent());
      register();
    }

    /** One generator per command of the console's table: the command's line, drawn at random. */
    private void register() {
      gen("run", () -> "run");
      gen(List.of("cont", "c"), name -> name);
      gen(List.of("step", "s"), name -> random.nextInt(3) == 0 ? name + " up" : name);
      gen(List.of("next", "n"), name -> name);
      gen("stop", () -> {
        String c = pick(program.classes());
        return random.nextInt(3) == 0
            ? "stop at " + (random.nextInt(3) == 0 ? c : program.main()) + ":" + pick(program.lines())
            : "stop in " + pick(program.methods());
      });
      gen("clear", () -> breakpoints.isEmpty() || random.nextInt(4) == 0 ? "clear" : "clear " + pick(breakpoints));
      gen("watch", () -> {
        String f = pick(program.fields());
        if (random.nextInt(3) == 0 && !locals.isEmpty()) {
          return "watch " + pick(locals) + "." + f.substring(f.lastIndexOf('.') + 1);
        }
        return (random.nextInt(5) == 0 ? "watch all " : "watch ") + f;
      });
      gen("unwatch", () -> "unwatch " + (watches.isEmpty() ? pick(program.fields()) : pick(watches)));
      gen("catch", () -> "catch " + pick(List.of("", "all ", "caught ", "uncaught ")) + (random.nextBoolean() ? EXCEPTIONS[0] : pick(List.of(EXCEPTIONS))));
      gen("ignore", () -> "ignore " + (catches.isEmpty() ? pick(List.of(EXCEPTIONS)) : pick(catches)));
      gen(List.of("print", "p", "eval"), name -> name + " " + expression());
      gen("dump", () -> "dump " + expression());
      gen("locals", () -> "locals");
      gen("where", () -> random.nextBoolean() ? "where" : "where all");
      gen("up", () -> random.nextBoolean() ? "up" : "up " + (1 + random.nextInt(3)));
      gen("down", () -> random.nextBoolean() ? "down" : "down " + (1 + random.nextInt(3)));
      gen("threads", () -> "threads");
      gen("thread", () -> "thread " + pick(threads));
      gen("list", () -> random.nextBoolean() ? "list" : "list " + pick(program.lines()));
      gen("classes", () -> "classes " + program.main().substring(program.main().lastIndexOf('.') + 1));
      gen("methods", () -> "methods " + pick(program.classes()));
      gen("fields", () -> "fields " + pick(program.classes()));
      gen(List.of("reverse-continue", "rc"), name -> name);
      gen(List.of("reverse-step", "rs"), name -> name);
      gen(List.of("reverse-next", "rn"), name -> name);
      gen("reverse-finish", () -> "reverse-finish");
      gen("when", () -> "when");
      gen("goto", () -> !printed.isEmpty() && random.nextInt(3) > 0
          ? "goto " + pick(new ArrayList<>(printed.keySet()))
          : "goto " + random.nextLong(lastEvent + 1) + (random.nextBoolean() ? "" : "." + random.nextInt(200)));
      gen("timeline", () -> pick(List.of("timeline", "timeline --thread main", "timeline --kind STDOUT", "timeline --schedule")));
      gen("checkpoint", () -> "checkpoint");
      gen("restart", () -> "restart " + (1 + random.nextInt(checkpoints + 1)));
      gen("info", () -> "info checkpoints");
      gen("history", () -> "history " + pick(program.fields()) + pick(List.of("", " --last 3", " --all")));
      gen(List.of("help", "?"), name -> name);
      Set<String> table = new TreeSet<>(Help.commands());
      table.removeAll(ENDING);
      assertEquals(table, new TreeSet<>(generators.keySet()),
          "every command of the console's table (but quit and exit, which end a sequence) has a generator here");
    }

    private void gen(String command, Supplier<String> line) {
      gen(List.of(command), name -> line.get());
    }

    /** One generator for a command and its aliases, given the name drawn. */
    private void gen(List<String> names, Function<String, String> line) {
      for (String n : names) {
        generators.put(n, line);
      }
    }

    private <T> T pick(List<T> from) {
      return from.get(random.nextInt(from.size()));
    }

    private String expression() {
      List<String> options = new ArrayList<>(locals);
      options.add("this");
      options.add("1 + 2 * 3");
      for (String l : locals) {
        options.add(l + ".toString()");
      }
      String f = pick(program.fields());
      options.add(f);
      options.add("this." + f.substring(f.lastIndexOf('.') + 1));
      return pick(options);
    }

    /**
     * {@code commands} random commands, each checked, then {@code quit}. Draws lean towards
     * what can do something where the console is: before the run, requests and {@code run};
     * after the program's end, the commands that go back; at a stop, motions two times in five;
     * after a stop, {@code when} every other time, to name it.
     */
    void drive(int commands) {
      List<String> names = new ArrayList<>(generators.keySet());
      List<String> beforeRun = List.of("stop", "stop", "catch", "watch", "run", "run");
      List<String> atEnd = List.of("reverse-continue", "rc", "goto", "restart", "checkpoint", "stop", "catch");
      List<String> motions = List.of("cont", "step", "next", "goto", "reverse-continue", "rc", "reverse-step", "rs", "reverse-next", "rn",
          "reverse-finish", "restart", "checkpoint");
      for (int i = 0; i < commands; i++) {
        String name;
        if (random.nextInt(5) == 0) {
          name = pick(names);
        } else if (!started) {
          name = pick(beforeRun);
        } else if (ended) {
          name = pick(atEnd);
        } else {
          name = random.nextInt(5) < 2 ? pick(motions) : pick(names);
        }
        String line = generators.get(name).apply(name);
        String shown = stop;
        if (name.equals("reverse-continue") || name.equals("rc")) {
          reverseThenForward(line, "cont", this::hitOfUnchangedRequests);
        } else if (name.equals("reverse-step") || name.equals("rs")) {
          reverseThenForward(line, "step", () -> stop != null);
        } else if (name.equals("reverse-next") || name.equals("rn")) {
          reverseThenForward(line, "next", () -> stop != null);
        } else if (name.equals("goto") && printed.containsKey(line.substring(5))) {
          gotoPrinted(line.substring(5));
        } else {
          send(line);
        }
        if (stop != null && !stop.equals(shown) && random.nextBoolean()) {
          send("when");
        }
      }
      send("when");
      console.type("quit");
      int status = console.awaitExit();
      check(status == 0, "quit ends the console with status 0, not " + status);
      Path kept = Scratch.dir("console-sequence-" + seed).resolve("transcript.txt");
      try {
        Files.writeString(kept, transcript);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      System.out.println("seed " + seed + ": " + sent + " commands sent, invariants checked " + checked + "; transcript in " + kept);
    }

    /**
     * {@code reverse} (a reverse command); then, when {@code applies} held before it and it went
     * back to an earlier stop, {@code forward} must come back: to the same position after
     * {@code reverse-continue}, to the same line after a line step that stayed in its method.
     */
    private void reverseThenForward(String reverse, String forward, Supplier<Boolean> applies) {
      boolean check = applies.get() && stop != null;
      String before = check ? when() : null;
      String beforeStop = stop;
      String out = send(reverse);
      if (!check || before == null || !stopped(out)) {
        return;
      }
      String landed = stop;
      String at = when();
      if (at == null || at.equals(before)) {
        return;
      }
      if (forward.equals("cont")) {
        send("cont");
        String back = when();
        check(before.equals(back), "reverse-continue to " + at + " then cont comes back to " + before + ", not " + back);
        checked.merge("reverse-continue then cont", 1, Integer::sum);
        return;
      }
      Matcher was = STOP.matcher(beforeStop);
      Matcher now = STOP.matcher(landed);
      if (!was.find() || !now.find() || !was.group(1).equals(now.group(1)) || !was.group(2).equals(now.group(2)) || was.group(3).equals(now.group(3))) {
        return; // another thread, method or the same line: the forward step need not come back
      }
      String fwd = send(forward);
      if (!stopHeadline.equals("Step completed")) {
        return; // cut short by a breakpoint, watch or catch on the way
      }
      Matcher again = STOP.matcher(stop);
      check(again.find() && again.group(2).equals(was.group(2)) && again.group(3).equals(was.group(3)),
          reverse + " to line " + now.group(3) + " then " + forward + " comes back to " + was.group(2) + " line " + was.group(3) + ", not: " + fwd);
      checked.merge(reverse + " then " + forward, 1, Integer::sum);
    }

    private boolean hitOfUnchangedRequests() {
      return stop != null && stopRequests == requests && !oneObjectWatch
          && (stopHeadline.equals("Breakpoint hit") || stopHeadline.equals("Watchpoint hit") || stopHeadline.startsWith("Exception occurred"));
    }

    /** {@code goto} a position {@code when} printed: the same stop, and {@code when} names it alike. */
    private void gotoPrinted(String label) {
      String expected = printed.get(label);
      String out = send("goto " + label);
      check(stop != null && stop.equals(expected), "goto " + label + " comes back to " + expected + ", not: " + out);
      String again = when();
      check(label.equals(again), "when after goto " + label + " prints that position, not " + again);
      checked.merge("goto a printed position", 1, Integer::sum);
    }

    /** Sends {@code when} and returns the position it printed (null: start, end, interrupted). */
    private String when() {
      String out = send("when");
      Matcher m = WHEN.matcher(out.strip());
      return m.matches() ? m.group(1) : null;
    }

    private static boolean stopped(String out) {
      return STOP.matcher(out).find() || out.contains("The application exited");
    }

    /** Sends one command, waits for its output, checks it and notes what it shows. */
    private String send(String line) {
      int n = ++sent;
      console.type(line);
      console.type("# sync " + n);
      String out;
      try {
        out = console.await("(?s)^> " + Pattern.quote(line) + "\n(.*?)^> # sync " + n + "$");
      } catch (AssertionError e) {
        throw new AssertionError("the session ended or hung after `" + line + "` (only quit may end it); seed " + seed + transcript() + "\n" + e.getMessage());
      }
      transcript.append("> ").append(line).append('\n').append(out);
      for (String l : out.split("\n")) {
        check(!l.contains("internal error") && !l.contains("please report it") && !CONSOLE_FRAME.matcher(l).find(),
            "no internal error or stack trace of the console reaches the user: " + l);
      }
      note(line, out);
      return out;
    }

    /** What the output says about the session's state. */
    private void note(String line, String out) {
      String cmd = line.split(" ")[0];
      boolean refused = out.startsWith("ttd:") || out.isBlank() && !cmd.equals("clear");
      if (REQUESTS.contains(cmd)) {
        requests++;
        oneObjectWatch |= cmd.equals("watch") && !program.fields().contains(line.replaceFirst("^watch (all |access )?", ""));
        String arg = line.substring(cmd.length()).trim();
        if (!refused && !out.contains("no ") && !out.contains("not ")) {
          switch (cmd) {
            case "stop" -> breakpoints.add(arg.replaceFirst("^(at|in) ", ""));
            case "watch" -> watches.add(arg.replaceFirst("^(all|access) ", ""));
            case "catch" -> catches.add(arg);
            default -> { }
          }
        }
      }
      Matcher m = STOP.matcher("");
      String last = null;
      String headline = "";
      boolean motion = Set.of("run", "cont", "c", "step", "s", "next", "n", "goto", "restart", "reverse-continue", "rc",
          "reverse-step", "rs", "reverse-next", "rn", "reverse-finish").contains(cmd);
      if (motion) {
        for (String l : out.split("\n")) {
          m.reset(l);
          if (m.find()) {
            last = m.group();
            headline = l.substring(0, Math.max(0, l.indexOf(": \"thread=")));
          }
          if (l.startsWith("The application exited")) {
            last = null;
            headline = "";
          }
        }
        started |= last != null || out.contains("The application exited");
        if (last != null || out.contains("The application exited")) {
          ended = last == null;
          stop = last;
          stopHeadline = headline.replaceFirst(" \\(.*", "").replaceFirst(" java\\..*", "");
          stopRequests = requests;
          locals.clear();
          if (!Set.of("run", "cont", "c", "step", "s", "next", "n").contains(cmd)) {
            stopRequests = -1; // not surely a hit of the requests set now
          }
        }
        if (headline.startsWith("Exception occurred")) {
          stopHeadline = "Exception occurred";
        }
        if (out.contains("ttd: ")) {
          stop = null; // a motion failed half-way: where the replay is, only `when` says
          stopHeadline = "";
        }
      }
      if (cmd.equals("when") && stop != null) {
        Matcher w = WHEN.matcher(out.strip());
        if (w.matches()) {
          printed.putIfAbsent(w.group(1), stop);
        }
      }
      if (cmd.equals("locals")) {
        for (String l : out.split("\n")) {
          Matcher v = Pattern.compile("^(\\w+) = ").matcher(l);
          if (v.find() && !locals.contains(v.group(1))) {
            locals.add(v.group(1));
          }
        }
      }
      if (cmd.equals("threads")) {
        for (String l : out.split("\n")) {
          Matcher t = Pattern.compile("^  (\\S+) ").matcher(l);
          if (t.find() && !threads.contains(t.group(1))) {
            threads.add(t.group(1));
          }
        }
      }
      if (cmd.equals("checkpoint") && out.startsWith("Checkpoint ")) {
        checkpoints++;
      }
      Matcher e = EVENTS.matcher(out);
      if (e.find()) {
        lastEvent = Long.parseLong(e.group(1));
      }
    }

    private void check(boolean ok, String what) {
      if (!ok) {
        throw new AssertionError(what + "\nseed " + seed + " (re-run with -Dttd.e2e.consoleSeed=" + seed + ")" + transcript());
      }
    }

    private String transcript() {
      int from = Math.max(0, transcript.length() - 12_000);
      return "\n--- the sequence so far (last 12000 chars) ---\n" + transcript.substring(from);
    }

    @Override
    public void close() {
      console.close();
    }
  }
}
