package ttd.agent.replay;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the recording says about call sites and how it ended, filled in as cursors read the log.
 *
 * <p>Every cursor reads the whole queue, so whichever reaches a table document first records it;
 * entries never change once written.
 */
public final class RecordedTables {

  final Map<Integer, String> sites = new ConcurrentHashMap<>();
  volatile Integer endStatus;

  /** The recorded name of a call site, or null for "no call site". */
  public String site(int id) {
    if (id == 0) {
      return null;
    }
    String s = sites.get(id);
    return s == null ? "(call site " + id + ", not named in the recording)" : s;
  }

  /** The recorded program's exit status, once the end document has been read. */
  public Integer endStatus() {
    return endStatus;
  }
}
