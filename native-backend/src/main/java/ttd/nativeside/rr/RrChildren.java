package ttd.nativeside.rr;

import java.io.PrintStream;
import ttd.cli.NativeChildren;

/** {@code ttd record --native-children}, where {@link RrProbe} says whether rr can record here. */
public final class RrChildren implements NativeChildren {

  @Override
  public String agentOption(PrintStream err) {
    RrProbe.Verdict rr = RrProbe.check();
    if (rr.works()) {
      return "nativeChildren=" + rr.rr();
    }
    err.println("ttd: --native-children: " + rr.reason().replaceFirst("; use `ttd debug --native.*$", "")
        + "; the Java program is recorded as usual, its child processes' I/O included, but not the children themselves with rr");
    return null;
  }
}
