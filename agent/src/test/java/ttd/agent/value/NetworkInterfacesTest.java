package ttd.agent.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The machine's network interfaces come back from their recorded text as the program saw them:
 * every getter that reads what the natives filled in answers the same, sub-interfaces and IPv6
 * scopes included, and names with characters the text form uses survive.
 */
class NetworkInterfacesTest {

  @Test
  void theMachinesInterfacesComeBackWithEveryGetterAnsweringTheSame() throws Exception {
    NetworkInterface[] real = Collections.list(NetworkInterface.getNetworkInterfaces()).toArray(new NetworkInterface[0]);
    assertFalse(real.length == 0, "this machine lists no network interface");
    NetworkInterface[] rebuilt = NetworkInterfaces.ALL.decode(NetworkInterfaces.ALL.encode(real));
    assertEquals(real.length, rebuilt.length);
    for (int i = 0; i < real.length; i++) {
      assertNotSame(real[i], rebuilt[i]);
      assertEquals(described(real[i]), described(rebuilt[i]));
      assertEquals(real[i], rebuilt[i], "equal by name and addresses, as NetworkInterface compares");
    }
  }

  @Test
  void oneInterfaceFoundByNameComesBackWithItsAddresses() throws Exception {
    NetworkInterface loopback = NetworkInterface.getByInetAddress(InetAddress.getLoopbackAddress());
    NetworkInterface rebuilt = NetworkInterfaces.ONE.decode(NetworkInterfaces.ONE.encode(loopback));
    assertEquals(described(loopback), described(rebuilt));
  }

  @Test
  void subInterfacesScopesAndEscapedNamesSurviveTheTextForm() {
    String text = String.join("\n",
        "0",
        "if\teth\\t0\\\\x\teth0 display\t2\tfalse\t-1\t1",
        "addr\tfe800000000000000000000000000001%2%0",
        "addr\tc0000202",
        "bind\tc0000202\tc00002ff\t24",
        "if\teth0:1\t\\0\t2\ttrue\t0\t",
        "addr\tc0000203",
        "bind\t-\t-\t32");
    NetworkInterface[] rebuilt = NetworkInterfaces.ALL.decode(text);
    assertEquals(1, rebuilt.length);
    NetworkInterface eth = rebuilt[0];
    assertEquals("eth\t0\\x", eth.getName());
    assertEquals("eth0 display", eth.getDisplayName());
    NetworkInterface sub = Collections.list(eth.getSubInterfaces()).get(0);
    assertEquals("eth0:1", sub.getName());
    assertEquals(null, sub.getDisplayName());
    assertEquals(eth, sub.getParent());
    assertEquals(true, sub.isVirtual());
    assertEquals("[/fe80:0:0:0:0:0:0:1%eth\t0\\x, /192.0.2.2]", Collections.list(eth.getInetAddresses()).toString());
    assertEquals("[/192.0.2.2/24 [/192.0.2.255]]", eth.getInterfaceAddresses().toString());
    assertEquals("[null/32 [null]]", sub.getInterfaceAddresses().toString());
    assertEquals(text, NetworkInterfaces.ALL.encode(rebuilt));
  }

  /** Everything a program can read of {@code n} without asking the machine again. */
  private static String described(NetworkInterface n) {
    List<String> subs = new ArrayList<>();
    for (NetworkInterface s : Collections.list(n.getSubInterfaces())) {
      subs.add(described(s));
    }
    return n.getName() + " (" + n.getDisplayName() + ") #" + n.getIndex() + " virtual=" + n.isVirtual()
        + " parent=" + (n.getParent() == null ? null : n.getParent().getName())
        + " addresses=" + Collections.list(n.getInetAddresses()) + " bindings=" + n.getInterfaceAddresses()
        + " subs=" + subs;
  }
}
