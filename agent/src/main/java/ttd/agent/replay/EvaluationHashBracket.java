package ttd.agent.replay;

import java.util.Arrays;
import ttd.agent.identity.HashState;
import ttd.runtime.ReplayPosition;

/**
 * The identity-hash bracket a debugger puts around code it runs in a replay (a {@code toString()}
 * it prints): {@code Object.hashCode} draws from the thread's hash state, so an evaluation would
 * otherwise move the program's sequence of identity hashes. One evaluation runs at a time (the
 * debugger suspends every thread and invokes on one), so one saved state is enough.
 */
public final class EvaluationHashBracket implements ReplayPosition.HashBracket {

  private final int[] saved = new int[4];
  private final int[] now = new int[4];

  @Override
  public void save() {
    if (HashState.available()) {
      HashState.save(saved);
    }
  }

  @Override
  public boolean restore() {
    if (!HashState.available()) {
      return false;
    }
    HashState.save(now);
    HashState.write(saved);
    return !Arrays.equals(saved, now);
  }
}
