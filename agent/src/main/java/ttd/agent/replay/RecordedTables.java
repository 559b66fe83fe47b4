package ttd.agent.replay;

import java.util.Map;

/**
 * What the recording says about call sites and how it ended, as the scan that verified it before
 * the program started read them: every replaying thread names sites and checks the end by these.
 */
public final class RecordedTables {

  private final Map<Integer, String> sites;
  private final Integer endStatus;

  /** @param endStatus the recorded exit status, or null if the log has no end document */
  RecordedTables(Map<Integer, String> sites, Integer endStatus) {
    this.sites = sites;
    this.endStatus = endStatus;
  }

  /** The recorded name of a call site, or null for "no call site". */
  public String site(int id) {
    if (id == 0) {
      return null;
    }
    String s = sites.get(id);
    return s == null ? "(call site " + id + ", not named in the recording)" : s;
  }

  /** The recorded program's exit status, or null if the recording has no end (it is incomplete). */
  public Integer endStatus() {
    return endStatus;
  }
}
