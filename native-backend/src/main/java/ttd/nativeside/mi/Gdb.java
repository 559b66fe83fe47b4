package ttd.nativeside.mi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A gdb process spoken to through its machine interface ({@code --interpreter=mi3}): each command
 * goes out with a token, and the records up to its result (for a command that resumes the
 * program, up to the {@code *stopped} that ends the motion) come back as one {@link Reply}. gdb
 * resolves the program's symbols, lines, expressions and frames; ttd only reads its records.
 *
 * <p>gdb runs in a session of its own (util-linux {@code setsid} where there is one), so Ctrl-C
 * at the console's terminal reaches only the console, which then interrupts gdb with SIGINT.
 */
public final class Gdb implements AutoCloseable {

  private static final Path SETSID = java.util.stream.Stream.of("/usr/bin/setsid", "/bin/setsid")
      .map(Path::of).filter(Files::isExecutable).findFirst().orElse(null);
  private static final MiRecord END = new MiRecord('!', -1, "", null, "");
  /** How long a command that does not resume the program may take: a guard against a hung gdb. */
  private static final long ANSWER_SECONDS = 600;

  private final Process process;
  private final OutputStream in;
  private final BlockingQueue<MiRecord> records = new LinkedBlockingQueue<>();
  private final Path stderr;
  private long nextToken = 1;
  private String startup = "";

  private Gdb(Process process, Path stderr) {
    this.process = process;
    this.in = process.getOutputStream();
    this.stderr = stderr;
    Thread reader = new Thread(this::read, "ttd-gdb-reader");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts {@code gdb} with {@code args} (after {@code --interpreter=mi3 -q -nx}), waits for its
   * first prompt and turns off its questions and paging; gdb's stderr goes to {@code stderr}.
   */
  public static Gdb start(String gdb, List<String> args, Path stderr) {
    List<String> cmd = new ArrayList<>();
    if (SETSID != null) {
      cmd.add(SETSID.toString());
    }
    cmd.addAll(List.of(gdb, "--interpreter=mi3", "-q", "-nx"));
    cmd.addAll(args);
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectError(stderr.toFile()).start();
    } catch (IOException e) {
      throw new GdbGone("cannot start " + gdb + " (" + e.getMessage() + ")");
    }
    Gdb g = new Gdb(p, stderr);
    g.untilPrompt();
    g.run("-gdb-set confirm off");
    g.run("-gdb-set pagination off");
    return g;
  }

  private void read() {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.isEmpty()) {
          continue;
        }
        try {
          records.add(MiParser.parse(line));
        } catch (IllegalArgumentException e) {
          records.add(new MiRecord('@', -1, "", null, line + "\n")); // not machine output: the program's, on gdb's terminal
        }
      }
    } catch (IOException e) {
      // gdb is gone
    } finally {
      records.add(END);
    }
  }

  private void untilPrompt() {
    StringBuilder text = new StringBuilder();
    MiRecord r;
    while (!(r = take(ANSWER_SECONDS)).isPrompt()) {
      text.append(r.text());
    }
    startup = text.toString();
  }

  /** What gdb said while it started (e.g. "(No debugging symbols found in ./a.out)"). */
  public String startup() {
    return startup;
  }

  /** Runs a command that does not resume the program; {@link MiError} if gdb refuses it. */
  public synchronized Reply run(String command) {
    return send(command, false);
  }

  /**
   * Runs a command that resumes the program ({@code -exec-continue}, {@code -exec-step
   * --reverse}, ...) and waits, as long as it takes, until the program stops again.
   */
  public synchronized Reply resume(String command) {
    return send(command, true);
  }

  /** A console command of gdb's own ({@code info record}, {@code watch -l x}), through MI. */
  public Reply console(String command) {
    return run("-interpreter-exec console " + quote(command));
  }

  private Reply send(String command, boolean resumes) {
    long token = nextToken++;
    try {
      in.write((token + command + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    } catch (IOException e) {
      throw gone();
    }
    StringBuilder console = new StringBuilder();
    StringBuilder log = new StringBuilder();
    List<MiRecord> async = new ArrayList<>();
    MiRecord result = null;
    MiRecord stopped = null;
    while (true) {
      MiRecord r = take(resumes && result != null ? Long.MAX_VALUE : ANSWER_SECONDS);
      switch (r.kind()) {
        case '~': console.append(r.text()); break;
        case '&': log.append(r.text()); break;
        case '@': console.append(r.text()); break;
        case '^':
          if (r.token() == token) {
            result = r;
          }
          break;
        case '*':
          if (r.klass().equals("stopped")) {
            stopped = r;
          }
          async.add(r);
          break;
        case '(':
          if (result == null) {
            break;
          }
          if (resumes && recordFailed(log)) {
            return new Reply(result, console.toString(), log.toString(), async, stopped);
          }
          if (result.klass().equals("error")) {
            throw new MiError(result.results().text("msg"));
          }
          if (!result.klass().equals("running") || stopped != null) {
            return new Reply(result, console.toString(), log.toString(), async, stopped);
          }
          break;
        default:
          async.add(r);
      }
    }
  }

  /** gdb's process record gave up on an instruction: it says so in its log, and no *stopped follows. */
  private static boolean recordFailed(CharSequence log) {
    return log.toString().contains("Process record: failed to record execution log.");
  }

  private MiRecord take(long seconds) {
    try {
      MiRecord r = records.poll(seconds, TimeUnit.SECONDS);
      if (r == null) {
        throw new GdbGone("gdb did not answer within " + seconds + " s");
      }
      if (r == END) {
        records.add(END);
        throw gone();
      }
      return r;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GdbGone("interrupted while waiting for gdb");
    }
  }

  private GdbGone gone() {
    String why = "";
    try {
      List<String> lines = Files.readAllLines(stderr, StandardCharsets.UTF_8);
      why = lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1);
    } catch (IOException e) {
      // no stderr to quote
    }
    return new GdbGone("gdb has ended" + why);
  }

  /** Ctrl-C: SIGINT to gdb, which stops the program it runs (or replays). */
  public void interrupt() {
    try {
      new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
    } catch (IOException e) {
      // no kill(1): nothing else sends a signal from Java
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A C string of MI's syntax holding {@code s}. */
  public static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\');
      }
      b.append(c == '\n' ? ' ' : c);
    }
    return b.append('"').toString();
  }

  @Override
  public void close() {
    try {
      in.write("-gdb-exit\n".getBytes(StandardCharsets.UTF_8));
      in.flush();
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
