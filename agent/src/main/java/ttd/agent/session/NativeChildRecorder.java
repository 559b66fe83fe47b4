package ttd.agent.session;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code ttd record --native-children}: each child process the recorded program starts runs under
 * {@code rr record}, into {@code <recording>/native/<n>-<program>}, so a bug in a native helper can
 * be debugged backwards too ({@code ttd debug} on that trace). Only the command that is executed
 * changes: what the recording logs about the child (its command, pid, pipes, output, exit code) is
 * the program's own view, so a replay, which starts no process, is the same with or without it.
 *
 * <p>rr itself writes one line on the child's stderr ("rr: Saving execution to trace directory
 * ..."), which the recording holds like the rest of the child's output.
 */
public final class NativeChildRecorder {

  private final String rr;
  private final Path traces;
  private final AtomicInteger children = new AtomicInteger();

  public NativeChildRecorder(String rr, Path traces) {
    this.rr = rr;
    this.traces = traces;
  }

  /**
   * The hook's arguments of {@code ProcessImpl.forkAndExec} (the process object, then mode,
   * helper, prog, argBlock, argc, envBlock, envc, dir, fds, redirectErrorStream) that run {@code
   * rr record -o TRACE PROG ARGS...} instead of {@code PROG ARGS...}; the other arguments (the fds
   * array the fork fills in) are the same objects. Anything unexpected starts the child as it was.
   */
  Object[] wrapped(Object[] a) {
    try {
      return rr(a);
    } catch (RuntimeException e) {
      return a;
    }
  }

  private Object[] rr(Object[] a) {
    String prog = cString((byte[]) a[3]);
    String name = Path.of(prog).getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_");
    Path trace = traces.resolve(children.incrementAndGet() + "-" + name);
    ByteArrayOutputStream block = new ByteArrayOutputStream();
    for (String arg : new String[] {"record", "-o", trace.toString(), prog}) {
      byte[] b = arg.getBytes(StandardCharsets.UTF_8);
      block.write(b, 0, b.length);
      block.write(0);
    }
    byte[] rest = (byte[]) a[4];
    if (rest != null) {
      block.write(rest, 0, rest.length);
    }
    Object[] w = a.clone();
    w[3] = (rr + "\0").getBytes(StandardCharsets.UTF_8);
    w[4] = block.toByteArray();
    w[5] = (Integer) a[5] + 4;
    return w;
  }

  private static String cString(byte[] b) {
    int end = b.length > 0 && b[b.length - 1] == 0 ? b.length - 1 : b.length;
    return new String(b, 0, end, StandardCharsets.UTF_8);
  }
}
