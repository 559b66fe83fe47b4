package ttd.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import ttd.cli.launch.DeterminismFlags;
import ttd.cli.launch.ToolException;

/**
 * {@code ttd record [--out DIR] [--pin ...] [--chaos] [--path] [--quiet] [--redact NAMES]
 * [--no-redact-default] [--refuse-native] [--native-children] -- java ...}: runs the command with ttd.jar as its agent
 * and the determinism flags, and exits with the program's own status (SIGTERM, SIGINT and SIGHUP
 * go on to the program, see {@link ChildSignals}). {@code --native-children} also records each child process the program
 * starts with rr, where rr can record ({@link NativeChildren}).
 */
final class RecordCommand implements ToolCommand {

  @Override
  public String name() {
    return "record";
  }

  @Override
  public String usage() {
    return String.join("\n",
        "  record [--out DIR] [--pin clock=INSTANT,seed=N] [--chaos] [--path] [--quiet] [--native-children]",
        "         [--redact NAME,...] [--no-redact-default] [--refuse-native] -- <java command line>",
        "                      run a Java program under the recorder; --redact leaves more",
        "                      environment variables and properties out of the recording; --path also logs each",
        "                      thread's path, so a replay that diverges stops where it left it;",
        "                      --refuse-native makes the program's own native libraries fail to load, so that",
        "                      a library with a pure-Java fallback uses it and recording goes on past it;",
        "                      --native-children also records its child processes with rr, where rr can record");
  }

  @Override
  public String help() {
    return "agent options (--pin, --chaos and --quiet set these):\n" + AgentOptionsHelp.TEXT;
  }

  @Override
  public int run(String[] args) {
    List<String> agent = new ArrayList<>();
    int i = 0;
    for (; i < args.length && !args[i].equals("--"); i++) {
      switch (args[i]) {
        case "--out":
          Path out = Paths.get(value(args, ++i, "--out"));
          checkWritable(out);
          agent.add("out=" + out.toAbsolutePath());
          break;
        case "--pin":
          agent.add(pins(value(args, ++i, "--pin")));
          break;
        case "--chaos":
          agent.add("chaos");
          break;
        case "--path":
          agent.add("path");
          break;
        case "--refuse-native":
          agent.add("refusenative");
          break;
        case "--quiet":
          agent.add("quiet");
          break;
        case "--redact":
          agent.add("redact=" + names(value(args, ++i, "--redact")));
          break;
        case "--no-redact-default":
          agent.add("noredactdefault");
          break;
        case "--native-children":
          String rr = nativeChildren();
          if (rr != null) {
            agent.add(rr);
          }
          break;
        default:
          throw new ToolException(
              "unknown record option '" + args[i] + "'; usage: record [--out DIR] [--pin clock=..,seed=..] [--chaos] [--path]"
                  + " [--redact NAME,...] [--no-redact-default] [--refuse-native] [--native-children] -- java ...");
      }
    }
    if (i >= args.length - 1) {
      throw new ToolException("record needs a command after --, e.g. record -- java -cp app.jar Main");
    }
    List<String> java = new ArrayList<>(List.of(args).subList(i + 1, args.length));
    List<String> cmd = new ArrayList<>();
    String first = java.get(0);
    if (first.equals("java") || first.endsWith("/java")) {
      cmd.add(first);
      java.remove(0);
    } else {
      cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    }
    agent.add("launcher");
    cmd.add("-javaagent:" + Launch.ttdJar() + "=" + String.join(",", agent));
    cmd.addAll(DeterminismFlags.FLAGS);
    cmd.addAll(java);
    return Launch.run(new ProcessBuilder(cmd).inheritIO());
  }

  /** The agent option for {@code --native-children}, or null (said why on stderr) when rr cannot record here. */
  private static String nativeChildren() {
    for (NativeChildren n : java.util.ServiceLoader.load(NativeChildren.class, RecordCommand.class.getClassLoader())) {
      return n.agentOption(System.err);
    }
    System.err.println("ttd: --native-children: this ttd.jar has no native backend, so the program's child processes are recorded as usual (their I/O), not with rr");
    return null;
  }

  private static String pins(String spec) {
    List<String> parts = new ArrayList<>();
    for (String p : spec.split(",")) {
      if (!p.startsWith("clock=") && !p.startsWith("seed=")) {
        throw new ToolException("--pin takes clock=INSTANT and/or seed=N, not '" + p + "'");
      }
      parts.add(p);
    }
    return String.join(",", parts);
  }

  /** {@code A,B*} as the agent's {@code redact=A:B*} (its options are separated by commas). */
  private static String names(String list) {
    List<String> names = new ArrayList<>();
    for (String n : list.split(",")) {
      if (n.isBlank() || n.contains(":") || n.contains("=")) {
        throw new ToolException("--redact takes names or patterns with * separated by commas, not '" + list + "'");
      }
      names.add(n.trim());
    }
    return String.join(":", names);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length || args[i].equals("--")) {
      throw new ToolException(option + " needs a value");
    }
    return args[i];
  }

  private static void checkWritable(Path out) {
    if (Files.exists(out)) {
      throw new ToolException(out + " already exists; record into a new directory");
    }
    Path parent = out.toAbsolutePath().getParent();
    try {
      Files.createDirectories(parent);
    } catch (IOException e) {
      throw new ToolException("cannot create " + parent + " (" + e.getMessage() + "); choose another --out");
    }
    if (!Files.isWritable(parent)) {
      throw new ToolException("cannot write in " + parent + "; choose another --out");
    }
  }
}
