package ttd.agent.replay;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the recording says about sites, classes and threads, filled in as cursors read the log.
 *
 * <p>Every cursor reads the whole queue, so whichever reaches a table document first records it;
 * entries never change once written.
 */
public final class RecordedTables {

  final Map<Integer, String> sites = new ConcurrentHashMap<>();
  final Map<String, Integer> classes = new ConcurrentHashMap<>();
  final Map<Integer, String> threads = new ConcurrentHashMap<>();
  volatile Integer endStatus;
  volatile String endCause;

  public String site(int id) {
    if (id == 0) {
      return null;
    }
    String s = sites.get(id);
    return s == null ? "(call site " + id + ", not named in the recording)" : s;
  }

  public Integer classChecksum(String name) {
    return classes.get(name);
  }

  public Map<String, Integer> classes() {
    return classes;
  }

  public Integer endStatus() {
    return endStatus;
  }

  public String endCause() {
    return endCause;
  }
}
