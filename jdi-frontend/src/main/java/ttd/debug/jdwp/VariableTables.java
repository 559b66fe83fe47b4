package ttd.debug.jdwp;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * A method's local variable table as the replay JVM sent it to the console's JDI: JDI hides the
 * slots and scopes, which a JDWP client needs, so they are read from JDI's own objects ({@code
 * ttd.jar} opens {@code jdk.jdi} to itself for this). Where that is not possible, each variable
 * gets a slot of its own (arguments first) and the whole method as its scope.
 */
final class VariableTables {

  /** One row: scope start, name, signatures, scope length, slot. */
  record Row(long start, String name, String signature, String generic, int length, int slot, LocalVariable variable) {}

  record Table(int argCount, List<Row> rows) {}

  private static final java.lang.reflect.Field SLOT = field("slot");
  private static final java.lang.reflect.Field START = field("scopeStart");
  private static final java.lang.reflect.Field END = field("scopeEnd");
  private static final java.lang.reflect.Method ARG_SLOTS = argSlots();

  private VariableTables() {}

  private static java.lang.reflect.Field field(String name) {
    try {
      java.lang.reflect.Field f = Class.forName("com.sun.tools.jdi.LocalVariableImpl").getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private static java.lang.reflect.Method argSlots() {
    try {
      java.lang.reflect.Method m = Class.forName("com.sun.tools.jdi.ConcreteMethodImpl").getDeclaredMethod("argSlotCount");
      m.setAccessible(true);
      return m;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** Whether the real slots and scopes are readable here. */
  static boolean exact() {
    return SLOT != null && START != null && END != null && ARG_SLOTS != null;
  }

  static Table of(Method m, long codeLength) throws AbsentInformationException {
    List<LocalVariable> vars = m.variables();
    List<Row> rows = new ArrayList<>();
    if (exact()) {
      try {
        for (LocalVariable v : vars) {
          long start = ((Location) START.get(v)).codeIndex();
          long end = ((Location) END.get(v)).codeIndex();
          rows.add(new Row(start, v.name(), v.signature(), v.genericSignature(), (int) (end - start + 1), SLOT.getInt(v), v));
        }
        return new Table((Integer) ARG_SLOTS.invoke(m), rows);
      } catch (ReflectiveOperationException e) {
        rows.clear();
      }
    }
    int args = 0;
    for (LocalVariable v : vars) {
      if (v.isArgument()) {
        rows.add(new Row(0, v.name(), v.signature(), v.genericSignature(), (int) codeLength, args++, v));
      }
    }
    for (LocalVariable v : vars) {
      if (!v.isArgument()) {
        rows.add(new Row(0, v.name(), v.signature(), v.genericSignature(), (int) codeLength, rows.size(), v));
      }
    }
    return new Table(args, rows);
  }
}
