package ttd.agent.session;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Bytes as a divergence report shows them: the network hooks (a replayed write or datagram that
 * differs from the recorded one) and the replay's own reports both need this.
 */
public final class ShownBytes {

  private ShownBytes() {}

  /** The characters of a write a report shows. */
  private static final int SHOWN = 160;

  /** Bytes as a person can compare them: printable text, other bytes escaped, long ones cut. */
  public static String show(byte[] bytes) {
    String s = new String(bytes, StandardCharsets.UTF_8);
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length() && i < SHOWN; i++) {
      char c = s.charAt(i);
      if (c == '\n') {
        b.append("\\n");
      } else if (c == '\t') {
        b.append("\\t");
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    b.append('"');
    if (s.length() > SHOWN) {
      b.append("... (").append(bytes.length).append(" bytes)");
    }
    return b.toString();
  }

  /**
   * A recorded and a replayed write that differ, as {@link #show} shows them; when their first
   * {@value #SHOWN} characters agree, each is shown from a little before the first byte that
   * differs (with its offset), so the report points at the difference, not at a common header.
   */
  public static String[] showDifference(byte[] recorded, byte[] mine) {
    int at = Arrays.mismatch(recorded, mine);
    if (at < SHOWN - 20) {
      return new String[] {show(recorded), show(mine)};
    }
    int from = at - 16;
    String where = "(from byte " + from + ", the first difference at byte " + at + ") ";
    return new String[] {
      where + show(Arrays.copyOfRange(recorded, Math.min(from, recorded.length), recorded.length))
          + " (" + recorded.length + " bytes in all)",
      where + show(Arrays.copyOfRange(mine, Math.min(from, mine.length), mine.length))
          + " (" + mine.length + " bytes in all)"
    };
  }
}
