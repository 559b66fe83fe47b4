package ttd.nativeside.mi;

import java.util.List;
import java.util.Map;

/**
 * A value of gdb's machine interface: a string ({@code "12"}), a tuple ({@code {a="1",b="2"}})
 * or a list ({@code [frame={..},frame={..}]}, whose names, when it has any, are dropped: gdb
 * repeats the same one). Lookups of what is not there give null, so a reader asks for what it
 * needs and checks once.
 */
public final class MiValue {

  private final String text;
  private final Map<String, MiValue> fields;
  private final List<MiValue> items;

  private MiValue(String text, Map<String, MiValue> fields, List<MiValue> items) {
    this.text = text;
    this.fields = fields;
    this.items = items;
  }

  static MiValue string(String text) {
    return new MiValue(text, null, null);
  }

  static MiValue tuple(Map<String, MiValue> fields) {
    return new MiValue(null, fields, null);
  }

  static MiValue list(List<MiValue> items) {
    return new MiValue(null, null, items);
  }

  /** The string, or null if this is a tuple or a list. */
  public String text() {
    return text;
  }

  /** The field {@code name} of a tuple (null if absent or not a tuple). */
  public MiValue get(String name) {
    return fields == null ? null : fields.get(name);
  }

  /** The string in field {@code name}, or null. */
  public String text(String name) {
    MiValue v = get(name);
    return v == null ? null : v.text;
  }

  /** The elements of a list (an empty list for anything else). */
  public List<MiValue> items() {
    return items == null ? List.of() : items;
  }

  @Override
  public String toString() {
    if (text != null) {
      return '"' + text + '"';
    }
    return fields != null ? fields.toString() : items.toString();
  }
}
