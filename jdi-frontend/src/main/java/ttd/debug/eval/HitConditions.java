package ttd.debug.eval;

import com.sun.jdi.BooleanValue;
import com.sun.jdi.Value;
import com.sun.jdi.event.LocatableEvent;
import java.util.function.Consumer;
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

  private final Target target;
  private final Consumer<String> notes;

  public HitConditions(Target target, Consumer<String> notes) {
    this.target = target;
    this.notes = notes;
  }

  /** Reads {@code condition} as typed at {@code stop ... if}; throws {@link BadInput} with one sentence if it cannot be a condition. */
  public static String check(String condition) {
    if (calls(Parser.parse(condition))) {
      throw new BadInput(NO_CALLS + "; compare fields and locals instead");
    }
    return condition.trim();
  }

  private static boolean calls(Expression e) {
    if (e instanceof Expression.Call) {
      return true;
    }
    if (e instanceof Expression.FieldOf f) {
      return calls(f.target());
    }
    if (e instanceof Expression.Element el) {
      return calls(el.array()) || calls(el.index());
    }
    if (e instanceof Expression.Unary u) {
      return calls(u.operand());
    }
    if (e instanceof Expression.Binary b) {
      return calls(b.left()) || calls(b.right());
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
