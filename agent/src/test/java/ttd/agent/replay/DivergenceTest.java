package ttd.agent.replay;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DivergenceTest {

  @Test
  void aLogThatCannotBeReadIsReportedWithTheThreadItsEventAndTheCause() {
    IllegalStateException cause = new IllegalStateException("queue file gone");
    cause.setStackTrace(new StackTraceElement[] {new StackTraceElement("net.openhft.Reader", "open", "Reader.java", 12)});
    String text = EventReader.unreadableReport("pool-1-thread-2", 4, 17, cause).text();
    assertTrue(text.startsWith("the replay could not read the recording for thread \"pool-1-thread-2\" (thread #4) at its event #17"), text);
    assertTrue(text.contains("ttd.jar info <recording>"), text);
    assertTrue(text.endsWith("cause: java.lang.IllegalStateException: queue file gone at net.openhft.Reader.open(Reader.java:12)"), text);
  }
}
