package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.runtime.NetOp;

/**
 * A network native's failure shows the program the same stack trace in record and replay: the
 * native's frame and the JDK caller's frames, none of ttd's.
 */
class NativeStacksTest {

  private static final StackTraceElement NATIVE =
      new StackTraceElement(null, "java.base", "17.0.15", "sun.nio.ch.Net", "connect0", null, -2);
  private static final StackTraceElement[] BELOW_THE_HOOK = {
    new StackTraceElement(null, "java.base", null, "sun.nio.ch.Net", "connect", "Net.java", 579),
    new StackTraceElement("app", null, null, "shop.Client", "main", "Client.java", 12),
  };

  @Test
  void aRecordedFailureAndItsReplayShowTheNativeAndItsCallersOnly() {
    ConnectException real = new ConnectException("Connection refused");
    real.setStackTrace(stack(NATIVE,
        new StackTraceElement("ttd-agent", null, null, "ttd.agent.io.RealSunNio", "dispatch", "RealSunNio.java", 40),
        new StackTraceElement(null, null, null, "ttd.runtime.NetHooks", "net", "NetHooks.java", 194),
        new StackTraceElement(null, null, null, "ttd.runtime.NetHooks", "onNetConnect", "NetHooks.java", 44)));
    byte[] payload = NetWire.of(NetOp.CONNECT).failure(real).toBytes();

    List<String> recorded = lines(real.getStackTrace());
    assertEquals(List.of("java.base/sun.nio.ch.Net.connect0(Native Method)", "java.base/sun.nio.ch.Net.connect(Net.java:579)",
        "app//shop.Client.main(Client.java:12)"), recorded);

    IOException replayed = NativeStacks.asThrownBy(rebuiltBelowAHook(payload), "java.base/sun.nio.ch.Net.connect0");
    assertEquals(recorded, lines(replayed.getStackTrace()));
  }

  @Test
  void aFailureThatDidNotPassAHookKeepsItsStack() {
    IOException e = new IOException("disk");
    StackTraceElement[] own = e.getStackTrace();
    assertEquals(lines(own), lines(NativeStacks.asThrownBy(e, "java.base/sun.nio.ch.Net.connect0").getStackTrace()));
  }

  /** What replay's reader returns, given the stack it would have below the hook. */
  private static IOException rebuiltBelowAHook(byte[] payload) {
    IOException e = new NetWire.Reader(payload).failure();
    e.setStackTrace(stack(
        new StackTraceElement("ttd-agent", null, null, "ttd.agent.session.NetWire$Reader", "failure", "NetWire.java", 150),
        new StackTraceElement(null, null, null, "ttd.runtime.NetHooks", "onNetConnect", "NetHooks.java", 44)));
    return e;
  }

  private static StackTraceElement[] stack(StackTraceElement... above) {
    List<StackTraceElement> all = new ArrayList<>(List.of(above));
    all.addAll(List.of(BELOW_THE_HOOK));
    return all.toArray(new StackTraceElement[0]);
  }

  private static List<String> lines(StackTraceElement[] st) {
    List<String> lines = new ArrayList<>();
    for (StackTraceElement e : st) {
      lines.add(e.toString());
    }
    return lines;
  }
}
