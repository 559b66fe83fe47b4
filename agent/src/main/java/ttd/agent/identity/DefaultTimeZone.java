package ttd.agent.identity;

import java.util.Map;
import java.util.TimeZone;

/**
 * The JVM's default time zone left as a plain start leaves it: not chosen yet, {@code
 * user.timezone} as given on the command line or absent.
 *
 * <p>ttd's start-up formats times in both modes, which chooses the default zone; where no {@code
 * user.timezone} was given, the JDK then sets that property, but in a table the program never
 * sees. So the program's first {@code TimeZone.getDefault()} found the zone chosen and the
 * property unset, where a plain run sets it (Jetty's {@code Dumpable} failed on a null zone id).
 * Forgotten at the end of premain, the default is chosen again by the program's first use, which
 * reads the machine's zone through the captured {@code TimeZone.getSystemTimeZoneID}: a replay on
 * a machine in another zone sees the recorded one.
 */
public final class DefaultTimeZone {

  private static final String PROPERTY = "user.timezone";

  private DefaultTimeZone() {}

  /** Forgets the chosen default; {@code user.timezone} goes back to its value in {@code laid}. */
  public static void forget(Map<String, String> laid) {
    String given = laid.get(PROPERTY);
    if (given == null) {
      System.getProperties().remove(PROPERTY);
    } else {
      System.setProperty(PROPERTY, given);
    }
    TimeZone.setDefault(null);
  }
}
