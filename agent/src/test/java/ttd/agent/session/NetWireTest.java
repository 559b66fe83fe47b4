package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import ttd.runtime.NetOp;

/** What a network event's payload carries comes back as it went in. */
class NetWireTest {

  @Test
  void addressesComeBackWithTheirHostNameOnlyIfTheyHadOne() throws IOException {
    InetAddress named = InetAddress.getByAddress("shop.example", new byte[] {10, 0, 0, 7});
    InetAddress bare = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    InetAddress v6 = InetAddress.getByAddress(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1});
    byte[] payload = NetWire.of(NetOp.ACCEPT).address(named).address(bare).address(v6).address(null).number(-4).toBytes();

    NetWire.Reader r = new NetWire.Reader(payload);
    assertEquals(NetOp.ACCEPT, r.op);
    InetAddress a = r.address();
    assertEquals("shop.example/10.0.0.7", a.toString());
    InetAddress b = r.address();
    assertEquals("/127.0.0.1", b.toString());
    assertArrayEquals(v6.getAddress(), r.address().getAddress());
    assertNull(r.address());
    assertEquals(-4, r.number());
  }

  @Test
  void aRecordedFailureIsRebuiltAsTheJdkClassItWas() {
    byte[] payload = NetWire.of(NetOp.CONNECT).failure(new ConnectException("Connection refused")).toBytes();
    IOException e = new NetWire.Reader(payload).failure();
    assertEquals(ConnectException.class, e.getClass());
    assertEquals("Connection refused", e.getMessage());
  }

  @Test
  void aFailureOfAClassTheReplayCannotBuildIsAnIoExceptionWithTheSameMessage() {
    class Unbuildable extends IOException {
      Unbuildable(int code) {
        super("code " + code);
      }
    }
    byte[] payload = NetWire.of(NetOp.READ).failure(new Unbuildable(7)).toBytes();
    IOException e = new NetWire.Reader(payload).failure();
    assertEquals(IOException.class, e.getClass());
    assertEquals("code 7", e.getMessage());
  }

  @Test
  void resultsDownToTheIoStatusCodesAreSmallPositiveValuesAndZeroMeansFailed() {
    assertEquals(1, NetWire.value(-7));
    assertEquals(7, NetWire.value(-1));
    assertEquals(-2, NetWire.result(NetWire.value(-2)));
    assertEquals(0, NetWire.FAILED);
  }
}
