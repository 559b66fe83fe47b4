package ttd.cli;

/**
 * The agent's options as {@code help} prints them: the only text of them (the CLI cannot see the
 * agent's classes); e2e {@code CliHelpTest} records with each option listed here, so an option the
 * agent's parser does not know fails it. The launcher's own options are left out.
 */
final class AgentOptionsHelp {

  static final String TEXT =
      String.join(
          "\n",
          "  out=DIR          record into DIR (default ./ttd-recordings/<main>-<time>/)",
          "  clock=INSTANT    pin: run on a virtual clock starting at INSTANT (e.g. 2025-01-01T09:00:00Z)",
          "  seed=N           pin: derive every default seed and SecureRandom output from N (and chaos's choices)",
          "  quiet            do not print where the recording goes",
          "  chaos            record with random preemption and thread priorities, so rare races show up",
          "  redact=NAMES     also leave these environment variables and system properties out of the",
          "                   recording (NAME or pattern with *, separated by :); by default names like",
          "                   *_SECRET*, *PASSWORD*, *TOKEN*, *_KEY are left out (see README)",
          "  noredactdefault  leave out only the names given with redact=",
          "  path             also log each thread's path between events, so that a replay that leaves",
          "                   the recorded execution stops where it does (the divergence finder)",
          "  refusenative     make the program's own native libraries fail to load (UnsatisfiedLinkError),",
          "                   so that a library with a pure-Java fallback (Netty, lz4-java) uses it;",
          "                   otherwise recording stops where the program loads one (a replay stops there)");

  private AgentOptionsHelp() {}
}
