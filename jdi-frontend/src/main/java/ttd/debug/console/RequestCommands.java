package ttd.debug.console;

import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ttd.debug.BadInput;
import ttd.debug.eval.Evaluator;
import ttd.debug.eval.HitConditions;
import ttd.debug.requests.Binding;
import ttd.debug.requests.ClassNames;
import ttd.debug.requests.ExceptionCatch;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.LineBreakpoint;
import ttd.debug.requests.MethodBreakpoint;
import ttd.debug.requests.Spec;

/**
 * {@code stop at/in}, {@code clear}, {@code watch}, {@code unwatch}, {@code catch}, {@code
 * ignore}: the user's requests. They belong to the console, not to one replay JVM; every JVM the
 * console moves to gets them too.
 */
final class RequestCommands {

  /** Where a breakpoint's condition begins: {@code stop at Cart:42 if total < 0}. */
  private static final Pattern CONDITION = Pattern.compile("\\s+if(\\s+|$)");

  private final ConsoleSession s;

  RequestCommands(ConsoleSession s) {
    this.s = s;
  }

  void stop(String args) {
    String condition = null;
    Matcher conditional = CONDITION.matcher(args);
    if (conditional.find()) {
      condition = args.substring(conditional.end());
      if (condition.isBlank()) {
        throw new BadInput("malformed breakpoint '" + args.trim() + "': a condition is missing after if, e.g. stop at shop.Cart:42 if total < 0");
      }
      condition = HitConditions.check(condition);
      args = args.substring(0, conditional.start());
    }
    String[] w = args.trim().split("\\s+", 2);
    if (w.length < 2 || !(w[0].equals("at") || w[0].equals("in"))) {
      if (args.isBlank()) {
        listBreakpoints();
        return;
      }
      throw new BadInput("malformed breakpoint '" + args.trim() + "': use stop at Class:line or stop in Class.method");
    }
    Spec spec;
    if (w[0].equals("at")) {
      int colon = w[1].lastIndexOf(':');
      String cls = colon < 0 ? "" : w[1].substring(0, colon);
      int line = colon < 0 ? -1 : parseLine(w[1].substring(colon + 1));
      if (line < 1 || !ClassNames.valid(cls)) {
        throw new BadInput("malformed location '" + w[1] + "': stop at takes Class:line, e.g. stop at shop.Cart:42");
      }
      spec = new LineBreakpoint(cls, line, condition);
    } else {
      String name = w[1];
      List<String> argTypes = null;
      int paren = name.indexOf('(');
      if (paren >= 0 && name.endsWith(")")) {
        argTypes = argTypes(name.substring(paren + 1, name.length() - 1));
        name = name.substring(0, paren);
      }
      int dot = name.lastIndexOf('.');
      String cls = dot < 0 ? "" : name.substring(0, dot);
      String method = dot < 0 ? "" : name.substring(dot + 1);
      if (!ClassNames.valid(cls) || !method.matches("[A-Za-z_$<][A-Za-z0-9_$>]*") || argTypes != null && argTypes.contains(null)) {
        throw new BadInput("malformed method '" + w[1] + "': stop in takes Class.method or Class.method(types), e.g. stop in shop.Cart.add"
            + " or stop in shop.Cart.add(java.lang.String,int)");
      }
      spec = new MethodBreakpoint(cls, method, condition, argTypes);
    }
    add(spec, null, "Set " + spec.describe());
  }

  /**
   * The parameter types of {@code stop in Class.method(types)}, as JDI names them: a type's
   * arguments dropped ({@code List<String>} is {@code List}), varargs as an array; null for a name
   * that is no type.
   */
  private static List<String> argTypes(String list) {
    List<String> types = new ArrayList<>();
    if (list.isBlank()) {
      return types;
    }
    for (String t : list.replaceAll("<[^()]*>", "").split(",", -1)) {
      String type = t.strip().replace("...", "[]");
      types.add(type.matches("[A-Za-z_$][A-Za-z0-9_$.]*(\\[\\])*") ? type : null);
    }
    return types;
  }

  private static int parseLine(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private void add(Spec spec, ObjectReference instance, String done) {
    if (s.specs.contains(spec)) {
      s.out.println(spec.describe() + " is already set");
      return;
    }
    if (s.ended()) {
      // the replay JVM has exited (or disconnected): the request is for the JVMs to come
      s.specs.add(spec);
      s.out.println(done + " (the program has ended here; reverse-continue, goto and restart use it)");
      return;
    }
    boolean now = s.driver().user().add(spec, instance);
    s.specs.add(spec);
    if (now) {
      s.out.println(done);
    } else {
      s.out.println("Deferring " + spec.describe() + ".");
      s.out.println("It will be set after the class is loaded.");
    }
  }

  void listBreakpoints() {
    s.out.println(s.specs.isEmpty() ? "No breakpoints set." : "Breakpoints set:");
    for (Spec spec : s.specs) {
      s.out.println("  " + spec.describe());
    }
  }

  void clear(String args) {
    if (args.isBlank()) {
      listBreakpoints();
      return;
    }
    String a = args.trim();
    remove(
        spec -> spec instanceof LineBreakpoint && (((LineBreakpoint) spec).className() + ":" + ((LineBreakpoint) spec).line()).equals(a)
            || spec instanceof MethodBreakpoint && ((MethodBreakpoint) spec).target().equals(a.replace(", ", ",")),
        "no breakpoint at " + a + "; `clear` lists them");
  }

  void watch(String args) {
    String[] w = args.trim().split("\\s+");
    boolean access = false;
    boolean modification = true;
    int i = 0;
    if (w.length == 2 && (w[0].equals("access") || w[0].equals("all"))) {
      access = true;
      modification = w[0].equals("all");
      i = 1;
    }
    if (w.length != i + 1 || w[i].lastIndexOf('.') <= 0) {
      throw new BadInput("malformed watch '" + args.trim() + "': use watch [access|all] Class.field or watch expr.field");
    }
    String target = w[i].substring(0, w[i].lastIndexOf('.'));
    String field = w[i].substring(w[i].lastIndexOf('.') + 1);
    ObjectReference object = objectNamed(target);
    if (object != null) {
      if (object.referenceType().fieldByName(field) == null) {
        throw new BadInput(object.referenceType().name() + " has no field " + field);
      }
      Binding b = new Binding(s.history(), s.threadName(), s.frameIndex(), target, target);
      s.driver().bind(b, object);
      FieldWatch spec = new FieldWatch(object.referenceType().name(), field, access, modification, b);
      add(spec, object, "Set " + spec.describe() + " (that object only: " + ttd.debug.eval.Values.show(object) + ")");
      if (modification) {
        noteIndirectWrites(List.of(object.referenceType()), field);
      }
      return;
    }
    if (!ClassNames.valid(target)) {
      throw new BadInput("malformed watch '" + w[i] + "': " + target + " is neither a class name nor an object here");
    }
    FieldWatch spec = new FieldWatch(target, field, access, modification, null);
    add(spec, null, "Set " + spec.describe());
    if (modification && s.started() && !s.ended()) {
      noteIndirectWrites(s.driver().target().vm().classesByName(target), field);
    }
  }

  /** Says when the watched field's class may write it where a watch does not see ({@link IndirectWrites}). */
  private void noteIndirectWrites(List<ReferenceType> types, String field) {
    for (ReferenceType t : types) {
      String note = IndirectWrites.note(t, field);
      if (note != null) {
        s.out.println(note);
        return;
      }
    }
  }

  /** The object {@code expr} names at the current stop, or null if it names none ({@code this}: why not, if not). */
  private ObjectReference objectNamed(String expr) {
    if (!s.started() || s.ended() || s.threadName() == null) {
      if (ClassNames.namesThis(expr)) {
        throw new BadInput("'this' names an object only at a stop in one of its methods: run to one first, or watch Class.field");
      }
      return null;
    }
    try {
      Value v = new Evaluator(s.driver().target(), s.thread(), s.frameIndex()).evaluate(expr);
      return v instanceof ObjectReference ? (ObjectReference) v : null;
    } catch (BadInput e) {
      if (ClassNames.namesThis(expr)) {
        throw e; // a static method's frame: said as print says it
      }
      return null;
    }
  }

  void unwatch(String args) {
    String a = args.trim().replaceFirst("^(access|all)\\s+", "");
    remove(
        spec -> spec instanceof FieldWatch && matchesWatch((FieldWatch) spec, a),
        "no watch of " + a + "; `clear` lists the breakpoints and watches");
  }

  private static boolean matchesWatch(FieldWatch w, String a) {
    String owner = w.binding() != null ? w.binding().describe() : w.className();
    return (owner + "." + w.field()).equals(a) || w.binding() == null && ClassNames.matches(a, w.className() + "." + w.field());
  }

  void catchException(String args) {
    String[] w = args.trim().split("\\s+");
    boolean caught = true;
    boolean uncaught = true;
    int i = 0;
    if (w.length == 2) {
      switch (w[0]) {
        case "caught":
          uncaught = false;
          break;
        case "uncaught":
          caught = false;
          break;
        case "all":
          break;
        default:
          throw new BadInput("malformed catch '" + args.trim() + "': use catch [uncaught|caught|all] ExceptionClass");
      }
      i = 1;
    }
    if (args.isBlank()) {
      listBreakpoints();
      return;
    }
    if (w.length != i + 1 || !ClassNames.valid(w[i])) {
      throw new BadInput("malformed catch '" + args.trim() + "': use catch [uncaught|caught|all] ExceptionClass");
    }
    ExceptionCatch spec = new ExceptionCatch(w[i], caught, uncaught);
    add(spec, null, "Set " + spec.describe());
  }

  void ignore(String args) {
    String a = args.trim().replaceFirst("^(caught|uncaught|all)\\s+", "");
    remove(spec -> spec instanceof ExceptionCatch && ClassNames.matches(a, spec.className()) || spec instanceof ExceptionCatch && spec.className().equals(a),
        "no catch of " + a + "; `clear` lists them");
  }

  private void remove(java.util.function.Predicate<Spec> which, String none) {
    List<Spec> gone = s.specs.stream().filter(which).toList();
    if (gone.isEmpty()) {
      throw new BadInput(none);
    }
    for (Spec spec : gone) {
      s.specs.remove(spec);
      if (!s.ended()) {
        s.driver().user().remove(spec);
      }
      s.out.println("Removed " + spec.describe());
    }
  }
}
