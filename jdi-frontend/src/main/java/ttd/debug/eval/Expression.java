package ttd.debug.eval;

import java.util.List;

/**
 * The expressions the console evaluates, as a tree: names, fields and paths ({@code
 * order.items[2].price}), array elements, method calls ({@code toString()}), literals, and Java's
 * unary and binary operators over them ({@code total - paid > 0}).
 */
public sealed interface Expression {

  /** A local variable, a field of {@code this}, a static field, or the start of a class name. */
  record Name(String name) implements Expression {}

  record This() implements Expression {}

  record FieldOf(Expression target, String name) implements Expression {}

  record Element(Expression array, Expression index) implements Expression {}

  /** {@code target} null: a method of {@code this} or of the current class. */
  record Call(Expression target, String name, List<Expression> args) implements Expression {}

  /** {@code left op right} with one of {@link Operators}' binary operators. */
  record Binary(String op, Expression left, Expression right) implements Expression {}

  /** {@code op operand}: {@code !}, {@code ~} or {@code -}. */
  record Unary(String op, Expression operand) implements Expression {}

  /** A number, string, character, boolean or null literal, as its Java value. */
  record Literal(Object value) implements Expression {}
}
