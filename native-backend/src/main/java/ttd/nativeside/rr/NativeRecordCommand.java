package ttd.nativeside.rr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import ttd.cli.launch.ToolException;
import ttd.cli.ToolCommand;

/**
 * {@code java -jar ttd.jar native record [--out DIR] -- PROGRAM [ARGS]}: records a native program
 * with rr, after {@link RrProbe} has checked that rr can record here (else one sentence, and no
 * trace directory). {@code ttd debug DIR} then opens the trace in the console.
 */
public final class NativeRecordCommand implements ToolCommand {

  @Override
  public String name() {
    return "native";
  }

  @Override
  public String usage() {
    return String.join("\n",
        "  native record [--out DIR] -- <program> [args]",
        "                      record a native program with rr (needs hardware performance counters)");
  }

  @Override
  public int run(String[] args) {
    if (args.length == 0 || !args[0].equals("record")) {
      throw new ToolException("native takes `record [--out DIR] -- PROGRAM [ARGS]`; `ttd debug DIR` then opens the trace");
    }
    Path out = null;
    int i = 1;
    for (; i < args.length && !args[i].equals("--"); i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        out = Path.of(args[++i]);
      } else {
        throw new ToolException("unknown native record option '" + args[i] + "'; usage: native record [--out DIR] -- PROGRAM [ARGS]");
      }
    }
    if (i >= args.length - 1) {
      throw new ToolException("native record needs a program after --, e.g. native record -- ./a.out");
    }
    List<String> program = List.of(args).subList(i + 1, args.length);
    if (out == null) {
      out = Path.of("ttd-recordings", Path.of(program.get(0)).getFileName() + "-"
          + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }
    if (Files.exists(out)) {
      throw new ToolException(out + " already exists; record into a new directory");
    }
    RrProbe.Verdict rr = RrProbe.check();
    if (!rr.works()) {
      throw new ToolException(rr.reason());
    }
    try {
      Files.createDirectories(out.toAbsolutePath().getParent());
    } catch (IOException e) {
      throw new ToolException("cannot create " + out.toAbsolutePath().getParent() + " (" + e.getMessage() + "); choose another --out");
    }
    List<String> cmd = new ArrayList<>(List.of(rr.rr(), "record", "-o", out.toString()));
    cmd.addAll(program);
    int status;
    try {
      Process p = new ProcessBuilder(cmd).inheritIO().start();
      status = p.waitFor();
    } catch (IOException e) {
      throw new ToolException("cannot start rr (" + e.getMessage() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ToolException("interrupted while rr recorded");
    }
    ownerOnly(out);
    System.err.println("ttd: rr trace in " + out + "; `java -jar ttd.jar debug " + out + "` opens it");
    return status;
  }

  /** A recording holds the program's environment and I/O: owner-only, like a ttd recording. */
  private static void ownerOnly(Path out) {
    try {
      if (Files.isDirectory(out)) {
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwx------"));
      }
    } catch (IOException | UnsupportedOperationException e) {
      System.err.println("ttd: could not make " + out + " owner-only (" + e.getMessage() + ")");
    }
  }
}
