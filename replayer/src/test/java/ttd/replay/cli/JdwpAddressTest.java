package ttd.replay.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JdwpAddressTest {

  @Test
  void aPortOrALoopbackHostListensOnThisMachineOnly() {
    assertTrue(JdwpAddress.isLoopback("5005"));
    assertTrue(JdwpAddress.isLoopback("127.0.0.1:5005"));
    assertTrue(JdwpAddress.isLoopback("localhost:5005"));
  }

  @Test
  void anyOtherAddressIsReachableFromTheNetwork() {
    assertFalse(JdwpAddress.isLoopback("0.0.0.0:5005"));
    assertFalse(JdwpAddress.isLoopback("10.1.2.3:5005"));
    assertFalse(JdwpAddress.isLoopback("no-such-host.invalid:5005"));
  }
}
