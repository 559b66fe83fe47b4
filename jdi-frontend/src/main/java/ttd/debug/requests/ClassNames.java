package ttd.debug.requests;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import java.util.ArrayList;
import java.util.List;

/**
 * Class names as people type them: a binary name ({@code shop.Cart}, {@code shop.Cart$Line}) or,
 * for short, a simple name ({@code Cart}, {@code Cart$Line}) that matches in any package.
 */
public final class ClassNames {

  private ClassNames() {}

  /** Whether the loaded class {@code name} is the one the user called {@code given}. */
  public static boolean matches(String given, String name) {
    return name.equals(given) || !given.contains(".") && name.endsWith("." + given);
  }

  /** JDI class-prepare filters that catch the class when it loads. */
  static String[] patterns(String given) {
    return given.contains(".") ? new String[] {given} : new String[] {given, "*." + given};
  }

  /** The loaded classes the user may mean by {@code given}. */
  public static List<ReferenceType> loaded(VirtualMachine vm, String given) {
    List<ReferenceType> exact = vm.classesByName(given);
    if (!exact.isEmpty() || given.contains(".")) {
      return exact;
    }
    List<ReferenceType> found = new ArrayList<>();
    for (ReferenceType t : vm.allClasses()) {
      if (matches(given, t.name())) {
        found.add(t);
      }
    }
    return found;
  }

  /** Whether {@code given} is a plausible Java class name. */
  public static boolean valid(String given) {
    return !namesThis(given) && given.matches("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*");
  }

  /**
   * Whether {@code expr} begins with {@code this}: the object of the selected frame alone, never a
   * class, nor the object of another frame (a static lambda's caller is a JDK-made proxy).
   */
  public static boolean namesThis(String expr) {
    return expr.equals("this") || expr.startsWith("this.");
  }
}
