package ttd.agent.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A replaced call's outcome goes through its text and comes back the same: a result through its
 * codec, null as null, and what the call threw as an exception of the same class and message; a
 * replay encodes a copy of a result again, as its recording encoded the real one.
 */
class CallOutcomeTest {

  @SuppressWarnings("unchecked")
  private static final ValueCodec<Object> INT = (ValueCodec<Object>) (ValueCodec<?>) ValueCodec.INT;

  @Test
  void aResultComesBackThroughItsCodecAndNullAsNull() throws Exception {
    assertEquals(1400, CallOutcome.result(CallOutcome.returned(1400, INT), INT));
    assertNull(CallOutcome.returned(null, INT));
    assertNull(CallOutcome.result(null, INT));
  }

  @Test
  void aReplayedResultIsEncodedAgainAsTheRecordingEncodedIt() throws Exception {
    List<Object> encoded = new ArrayList<>();
    ValueCodec<Object> noting = new ValueCodec<>() {
      @Override
      public String encode(Object value) {
        encoded.add(value);
        return value.toString();
      }

      @Override
      public Object decode(String text) {
        return Integer.valueOf(text);
      }
    };
    Object replayed = CallOutcome.replayed(CallOutcome.returned(1400, noting), noting);
    assertEquals(1400, replayed);
    assertEquals(List.of(1400, 1400), encoded);
    assertNotSame(replayed, encoded.get(1), "the replay encoded the program's own object");
    assertNull(CallOutcome.replayed(null, noting));
    assertThrows(SocketException.class, () -> CallOutcome.replayed(CallOutcome.threw(new SocketException()), noting));
    assertEquals(2, encoded.size());
  }

  @Test
  void whatTheCallThrewIsThrownAgainWithItsClassAndMessage() {
    String text = CallOutcome.threw(new SocketException("No such device (getFlags() failed)"));
    SocketException again = assertThrows(SocketException.class, () -> CallOutcome.result(text, INT));
    assertEquals("No such device (getFlags() failed)", again.getMessage());
    IOException noMessage = assertThrows(IOException.class, () -> CallOutcome.result(CallOutcome.threw(new IOException()), INT));
    assertNull(noMessage.getMessage());
    UnknownHostException other =
        assertThrows(UnknownHostException.class, () -> CallOutcome.result(CallOutcome.threw(new UnknownHostException("h")), INT));
    assertEquals("h", other.getMessage());
  }

  @Test
  void anExceptionWithoutAMessageConstructorComesBackAsAnIoExceptionNamingIt() {
    String text = CallOutcome.threw(new java.nio.channels.ClosedChannelException());
    IOException again = assertThrows(IOException.class, () -> CallOutcome.result(text, INT));
    assertEquals("java.nio.channels.ClosedChannelException", again.getMessage());
  }
}
