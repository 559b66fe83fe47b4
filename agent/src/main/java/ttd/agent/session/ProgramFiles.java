package ttd.agent.session;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The file streams the program opened (see {@link ProgramInputs}),
 * decided when each is opened and forgotten when the stream is collected.
 */
final class ProgramFiles {

  private final Map<Object, Boolean> streams = Collections.synchronizedMap(new WeakHashMap<>());

  /** Notes a stream opening {@code path}, to read or (if {@code writes}) to write; returns whether it is the program's. */
  boolean opened(Object stream, String path, boolean writes) {
    boolean mine = writes ? ProgramInputs.isProgramsChange(path) : ProgramInputs.isProgramsFile(path);
    if (mine) {
      streams.put(stream, Boolean.TRUE);
    }
    return mine;
  }

  boolean contains(Object stream) {
    return streams.containsKey(stream);
  }
}
