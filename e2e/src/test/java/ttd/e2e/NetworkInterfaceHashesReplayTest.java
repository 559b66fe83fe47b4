package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's identity hashes after it lists the machine's network interfaces replay as recorded.
 * The recording encodes the interfaces it hands the program, and that encoding walks them through
 * their enumerations ({@code getSubInterfaces}, {@code getInetAddresses}), which links {@code
 * NetworkInterface$1} inside the hook; HotSpot hashes a class's mirror as it links it. The replay
 * only decoded, so the program's own {@code getNetworkInterfaces} linked that class on main and drew
 * one hash more there: ActiveMQ Artemis's {@code UUIDGenerator} reads the interfaces first, and its
 * concurrent hash sets of listeners then iterated in another order (JDK 17 and 25).
 */
class NetworkInterfaceHashesReplayTest {

  private static final String PROGRAM = """
      import java.net.*;
      import java.util.*;
      import java.util.concurrent.ConcurrentHashMap;
      public class NicHashes {
        public static void main(String[] args) throws Exception {
          List<NetworkInterface> all = Collections.list(NetworkInterface.getNetworkInterfaces());
          StringBuilder hashes = new StringBuilder("hashes");
          for (int i = 0; i < 3; i++) {
            hashes.append(' ').append(new Object().hashCode());
          }
          System.out.println(hashes);
          for (NetworkInterface n : all) {
            byte[] mac = n.getHardwareAddress();
            System.out.println(n.getName() + " " + Collections.list(n.getInetAddresses()) + " mac "
                + (mac == null ? "none" : mac.length + " bytes") + " up " + n.isUp() + " loopback " + n.isLoopback());
          }
          Set<Object> listeners = ConcurrentHashMap.newKeySet();
          for (int i = 0; i < 8; i++) {
            listeners.add(new Object[] {i});
          }
          StringBuilder order = new StringBuilder("order");
          for (Object l : listeners) {
            order.append(' ').append(((Object[]) l)[0]);
          }
          System.out.println(order);
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void identityHashesAfterListingTheNetworkInterfacesReplay(Jvm jvm) {
    Path work = Scratch.dir("network-interface-hashes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "NicHashes", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "NicHashes");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("hashes "), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of NicHashes on " + jvm);
  }
}
