package ttd.debug.console;

import com.sun.jdi.ClassNotPreparedException;
import com.sun.jdi.Field;
import com.sun.jdi.ReferenceType;
import java.util.List;

/**
 * Why a watch may stay silent: a JDWP field watch fires on the bytecode that assigns a field
 * ({@code putfield}, {@code putstatic}), not on a write through a {@code VarHandle}, {@code Unsafe}
 * or an atomic field updater, which is how {@code AtomicInteger} and much of {@code
 * java.util.concurrent} write theirs. A class holding one of those in a static field may write
 * the watched field that way, so the console says so when the watch is set instead of leaving a
 * user to wait for a hit that never comes.
 */
final class IndirectWrites {

  private static final List<String> WRITERS = List.of(
      "java.lang.invoke.VarHandle",
      "sun.misc.Unsafe",
      "jdk.internal.misc.Unsafe",
      "java.util.concurrent.atomic.AtomicIntegerFieldUpdater",
      "java.util.concurrent.atomic.AtomicLongFieldUpdater",
      "java.util.concurrent.atomic.AtomicReferenceFieldUpdater");

  private IndirectWrites() {}

  /** The note for a watch of {@code field} on {@code type}, or null if its class has no such writer. */
  static String note(ReferenceType type, String field) {
    try {
      return noteOrFail(type, field);
    } catch (ClassNotPreparedException e) {
      return null; // not linked yet: nothing to read
    }
  }

  private static String noteOrFail(ReferenceType type, String field) {
    Field watched = type.fieldByName(field);
    if (watched == null) {
      return null;
    }
    ReferenceType declaring = watched.declaringType();
    for (Field f : declaring.fields()) {
      if (f.isStatic() && WRITERS.contains(f.typeName())) {
        String writer = f.typeName().substring(f.typeName().lastIndexOf('.') + 1);
        String article = "AEIOU".indexOf(writer.charAt(0)) >= 0 ? "an " : "a ";
        return "note: " + declaring.name() + " holds " + article + writer + " (" + f.name() + "), and writes through it do not"
            + " fire a watch, only assignments in the code do";
      }
    }
    return null;
  }
}
