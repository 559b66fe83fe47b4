package ttd.agent.identity;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The program's system properties, iterated in the same order in a recording and its replay.
 *
 * <p>{@code System.getProperties()} is a hash table whose order depends on the order its keys went
 * in and on how often it grew, and the JVM fills it from its command line first: a replay JVM,
 * started with other flags, held the same 46 properties in another order (two keys of one bin
 * swapped), so a program that iterates them (Spring's property sources, Log4j's) went another way.
 * At the end of premain, in both modes, the properties are replaced by a fresh table that takes
 * its keys in sorted order; from there on only the program changes it (ttd's own switches go to a
 * copy, {@code ChronicleSettings.quietly}).
 */
public final class PropertyOrder {

  private PropertyOrder() {}

  /** The system properties as they are now (string keys and values only, as the JVM sets them). */
  public static Map<String, String> current() {
    Properties p = System.getProperties();
    Map<String, String> m = new TreeMap<>();
    for (String name : p.stringPropertyNames()) {
      m.put(name, p.getProperty(name));
    }
    return m;
  }

  /** Makes {@code values} the system properties, in a new table built in their keys' order. */
  public static void lay(Map<String, String> values) {
    Properties laid = new Properties();
    new TreeMap<>(values).forEach(laid::setProperty);
    System.setProperties(laid);
  }
}
