package ttd.debug.requests;

/**
 * {@code watch [access|all] Class.field} (every instance) or {@code watch expr.field} (one object:
 * {@code binding} says how to find that object in any replay JVM of the same history).
 */
public record FieldWatch(String className, String field, boolean access, boolean modification, Binding binding)
    implements Spec {

  @Override
  public String describe() {
    String kind = access && modification ? "all" : access ? "access" : "modification";
    return "watch " + kind + " of " + (binding == null ? className + "." + field : binding.describe() + "." + field);
  }

  /** The same watch on every instance (what a reverse search observes before it knows the object). */
  public FieldWatch classWide() {
    return new FieldWatch(className, field, access, modification, null);
  }
}
