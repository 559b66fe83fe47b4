package ttd.debug.eval;

import com.sun.jdi.BooleanValue;
import com.sun.jdi.Value;
import com.sun.jdi.event.LocatableEvent;
import java.util.function.Consumer;
import java.util.function.Predicate;
import ttd.debug.BadInput;
import ttd.debug.replayvm.Conditions;
import ttd.debug.replayvm.Target;

/**
 * Breakpoint conditions ({@code stop at Cart:42 if total < 0 && items.length > 2}) as the console
 * checks them at each hit of one replay JVM: the {@link Evaluator} reads the hit's top frame and
 * runs no code, so a condition perturbs nothing and every replay, searches included, counts the same
 * hits. A condition that cannot be evaluated at a hit (a name not in scope there, a null on its
 * path) or is not a boolean there stops there, with a note saying why, as IntelliJ does.
 */
public final class HitConditions implements Conditions {

  static final String NO_CALLS = "a condition cannot run code in the replay; it is checked at every hit, in replays that must go on as recorded";

  /** Why {@code name == "region"} cannot be a condition. */
  static final String NO_LITERAL_IDENTITY = "a condition cannot tell whether a string is the literal's own (interned)"
      + " instance without running code; compare the text instead, e.g. name.equals(\"region\")";

  private final Target target;
  private final Consumer<String> notes;

  public HitConditions(Target target, Consumer<String> notes) {
    this.target = target;
    this.notes = notes;
  }

  /** Reads {@code condition} as typed at {@code stop ... if}; throws {@link BadInput} with one sentence if it cannot be a condition. */
  public static String check(String condition) {
    Expression parsed = Parser.parse(condition);
    if (calls(parsed)) {
      throw new BadInput(NO_CALLS + "; compare fields and locals instead (a string's " + StringMethods.names()
          + " are computed without it)");
    }
    if (comparesWithStringLiteral(parsed)) {
      throw new BadInput(NO_LITERAL_IDENTITY);
    }
    return condition.trim();
  }

  /** Whether {@code e} calls a method the console cannot compute itself ({@link StringMethods}). */
  private static boolean calls(Expression e) {
    return any(e, n -> n instanceof Expression.Call c
        && (c.target() == null || !StringMethods.computes(c.name(), c.args().size())));
  }

  private static boolean comparesWithStringLiteral(Expression e) {
    return any(e, n -> n instanceof Expression.Binary b && (b.op().equals("==") || b.op().equals("!="))
        && (Evaluator.isStringLiteral(b.left()) || Evaluator.isStringLiteral(b.right())));
  }

  /** Whether {@code e} or an expression inside it is one {@code node} accepts. */
  private static boolean any(Expression e, Predicate<Expression> node) {
    if (e == null) {
      return false;
    }
    if (node.test(e)) {
      return true;
    }
    if (e instanceof Expression.Call c) {
      for (Expression a : c.args()) {
        if (any(a, node)) {
          return true;
        }
      }
      return any(c.target(), node);
    }
    if (e instanceof Expression.FieldOf f) {
      return any(f.target(), node);
    }
    if (e instanceof Expression.Element el) {
      return any(el.array(), node) || any(el.index(), node);
    }
    if (e instanceof Expression.Unary u) {
      return any(u.operand(), node);
    }
    if (e instanceof Expression.Binary b) {
      return any(b.left(), node) || any(b.right(), node);
    }
    return false;
  }

  @Override
  public boolean hold(LocatableEvent e, String condition) {
    Value v;
    try {
      v = Evaluator.forCondition(target, e.thread()).evaluate(condition);
    } catch (BadInput x) {
      notes.accept("(the condition " + condition + " cannot be evaluated here: " + x.getMessage() + "; stopped)");
      return true;
    }
    if (v instanceof BooleanValue b) {
      return b.value();
    }
    notes.accept("(the condition " + condition + " is " + Values.show(v) + " here, not a boolean; stopped)");
    return true;
  }
}
