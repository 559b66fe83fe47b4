package ttd.agent.session;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The map {@code System.getenv()} gives the program, the same kind of object in record and replay.
 *
 * <p>The JDK returns one map from every call, and programs rely on it: Spring Boot treats its
 * environment property source as immutable only if its map {@code ==} {@code System.getenv()}. A
 * replay decodes the environment from the log, so a new map at each call answered otherwise; and
 * the JDK's own map is of classes ({@code ProcessEnvironment$StringEnvironment} and its views) that
 * the replay's was not, which Spring first met, and hashed, at other moments (one identity hash
 * more in the recording, measured). So both modes give the program an unmodifiable {@code
 * LinkedHashMap} in the JDK's order, the same one for as long as the environment is unchanged.
 */
final class ProgramEnvironment {

  private volatile Map<String, String> last;

  /** The map to return for an environment of {@code content}. */
  Map<String, String> of(Map<String, String> content) {
    if (content == null) {
      return null;
    }
    Map<String, String> previous = last;
    if (content.equals(previous)) {
      return previous;
    }
    Map<String, String> map = Collections.unmodifiableMap(new LinkedHashMap<>(content));
    last = map;
    return map;
  }
}
