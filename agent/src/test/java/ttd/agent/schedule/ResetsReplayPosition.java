package ttd.agent.schedule;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import ttd.runtime.ReplayPosition;

/**
 * Puts {@link ReplayPosition}'s statics back after each test: the scheduler publishes the running
 * thread and counts events there, and the next test must not start from what this one left.
 */
final class ResetsReplayPosition implements AfterEachCallback {

  @Override
  public void afterEach(ExtensionContext context) {
    ReplayPosition.events = 0;
    ReplayPosition.scheduling = false;
    ReplayPosition.running = null;
  }
}
