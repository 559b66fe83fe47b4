package ttd.log;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A properties file's text that {@link java.util.Properties#load(java.io.InputStream)} reads back,
 * written without {@link java.util.Properties#store}: that method stamps the file with {@code new
 * Date().toString()}, whose time-zone name starts the JDK's locale providers and resource-bundle
 * caches and gives their objects identity hashes. Only a recording agent would do that, so a
 * program that formats a date later (an HTTP server's {@code Date} header) would draw identity
 * hashes in its replay that it did not draw in its recording, and its {@code HashSet}s would
 * iterate in another order.
 */
final class PropertiesText {

  private PropertiesText() {}

  /** {@code # comment}, then one {@code key=value} line per entry, in the map's order; ASCII. */
  static byte[] of(String comment, Map<String, String> values) {
    StringBuilder b = new StringBuilder("#").append(comment).append('\n');
    values.forEach((k, v) -> {
      escape(b, k, true);
      b.append('=');
      escape(b, v, false);
      b.append('\n');
    });
    return b.toString().getBytes(StandardCharsets.US_ASCII);
  }

  private static void escape(StringBuilder b, String s, boolean key) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\': b.append("\\\\"); break;
        case '\t': b.append("\\t"); break;
        case '\n': b.append("\\n"); break;
        case '\r': b.append("\\r"); break;
        case '\f': b.append("\\f"); break;
        case '=': case ':': case '#': case '!': b.append('\\').append(c); break;
        case ' ':
          if (key || i == 0) {
            b.append('\\');
          }
          b.append(c);
          break;
        default:
          if (c < 0x20 || c > 0x7e) {
            b.append("\\u");
            for (int shift = 12; shift >= 0; shift -= 4) {
              b.append(Character.forDigit((c >> shift) & 0xf, 16));
            }
          } else {
            b.append(c);
          }
      }
    }
  }
}
