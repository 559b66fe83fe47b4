package ttd.debug.eval;

import java.util.ArrayList;
import java.util.List;
import ttd.debug.BadInput;

/**
 * Reads the console's expressions: operands {@code primary ( '.' name [ '(' args ')' ] | '[' expr
 * ']' )*}, each after any of {@code ! ~ -}, joined by Java's binary operators at Java's precedence
 * ({@link Operators}).
 *
 * <p>Input that nests deeper than {@link #MAX_DEPTH} levels (parentheses, arguments, indices) or
 * has more than {@link #MAX_PARTS} parts is refused in one sentence: reading it, and evaluating
 * its tree, recurse once per level, and 5 000 nested parentheses overflowed the console's stack.
 */
public final class Parser {

  /** The deepest nesting of parentheses, argument lists and indices the console reads. */
  static final int MAX_DEPTH = 100;
  /** The most names, calls, indices and literals one expression may have. */
  static final int MAX_PARTS = 1000;

  private final String text;
  private int pos;
  private int depth;
  private int parts;

  private Parser(String text) {
    this.text = text;
  }

  public static Expression parse(String text) {
    Parser p = new Parser(text.trim());
    if (p.text.isEmpty()) {
      throw new BadInput("an expression is missing");
    }
    Expression e = p.expression();
    p.skipSpace();
    if (p.pos < p.text.length()) {
      throw p.error("unexpected '" + p.text.charAt(p.pos) + "'");
    }
    return e;
  }

  private Expression expression() {
    if (++depth > MAX_DEPTH) {
      throw new BadInput("the expression nests more than " + MAX_DEPTH + " levels deep; evaluate a smaller part of it");
    }
    Expression e = binary(1);
    depth--;
    return e;
  }

  /** Operands joined by operators binding at least as tightly as {@code minPrecedence}, left to right. */
  private Expression binary(int minPrecedence) {
    Expression left = unary();
    while (true) {
      skipSpace();
      String op = operator();
      if (op == null || Operators.precedence(op) < minPrecedence) {
        return left;
      }
      pos += op.length();
      count();
      left = new Expression.Binary(op, left, binary(Operators.precedence(op) + 1));
    }
  }

  /** The binary operator at the current position, the longest that matches; null if none. */
  private String operator() {
    for (String op : Operators.BY_LENGTH) {
      if (text.startsWith(op, pos)) {
        return op;
      }
    }
    return null;
  }

  private Expression unary() {
    skipSpace();
    if (pos < text.length()) {
      char c = text.charAt(pos);
      boolean negation = c == '-' && !(pos + 1 < text.length() && Character.isDigit(text.charAt(pos + 1)));
      if (c == '!' || c == '~' || negation) {
        pos++;
        if (++depth > MAX_DEPTH) {
          throw new BadInput("the expression nests more than " + MAX_DEPTH + " levels deep; evaluate a smaller part of it");
        }
        count();
        Expression operand = unary();
        depth--;
        return new Expression.Unary(String.valueOf(c), operand);
      }
    }
    return postfix();
  }

  private Expression postfix() {
    Expression e = primary();
    while (true) {
      skipSpace();
      count();
      if (eat('.')) {
        String name = name();
        skipSpace();
        e = peek('(') ? new Expression.Call(e, name, args()) : new Expression.FieldOf(e, name);
      } else if (eat('[')) {
        Expression index = expression();
        skipSpace();
        expect(']');
        e = new Expression.Element(e, index);
      } else {
        return e;
      }
    }
  }

  private void count() {
    if (++parts > MAX_PARTS) {
      throw new BadInput("the expression has more than " + MAX_PARTS + " parts; evaluate a smaller part of it");
    }
  }

  private Expression primary() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("the expression ends too early");
    }
    char c = text.charAt(pos);
    if (c == '"') {
      return new Expression.Literal(string());
    }
    if (c == '\'' && pos + 2 < text.length() && text.charAt(pos + 2) == '\'') {
      pos += 3;
      return new Expression.Literal(text.charAt(pos - 2));
    }
    if (Character.isDigit(c) || c == '-') {
      return new Expression.Literal(number());
    }
    if (c == '(') {
      pos++;
      Expression e = expression();
      skipSpace();
      expect(')');
      return e;
    }
    String name = name();
    switch (name) {
      case "this":
        return new Expression.This();
      case "null":
        return new Expression.Literal(null);
      case "true":
        return new Expression.Literal(Boolean.TRUE);
      case "false":
        return new Expression.Literal(Boolean.FALSE);
      default:
        skipSpace();
        return peek('(') ? new Expression.Call(null, name, args()) : new Expression.Name(name);
    }
  }

  private List<Expression> args() {
    expect('(');
    List<Expression> args = new ArrayList<>();
    skipSpace();
    if (eat(')')) {
      return args;
    }
    do {
      args.add(expression());
      skipSpace();
    } while (eat(','));
    expect(')');
    return args;
  }

  private String name() {
    skipSpace();
    int start = pos;
    while (pos < text.length() && Character.isJavaIdentifierPart(text.charAt(pos))) {
      pos++;
    }
    if (start == pos || !Character.isJavaIdentifierStart(text.charAt(start))) {
      throw error(pos < text.length() ? "expected a name at '" + text.charAt(pos) + "'" : "expected a name");
    }
    return text.substring(start, pos);
  }

  private Object number() {
    int start = pos;
    if (text.charAt(pos) == '-') {
      pos++;
    }
    while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
      pos++;
    }
    String n = text.substring(start, pos);
    try {
      if (n.endsWith("L") || n.endsWith("l")) {
        return Long.parseLong(n.substring(0, n.length() - 1));
      }
      if (n.contains(".")) {
        return Double.parseDouble(n);
      }
      long v = Long.parseLong(n);
      return v == (int) v ? (Object) (int) v : (Object) v;
    } catch (NumberFormatException e) {
      throw error("'" + n + "' is not a number");
    }
  }

  private String string() {
    StringBuilder b = new StringBuilder();
    pos++;
    while (pos < text.length() && text.charAt(pos) != '"') {
      char c = text.charAt(pos++);
      if (c == '\\' && pos < text.length()) {
        char n = text.charAt(pos++);
        b.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
      } else {
        b.append(c);
      }
    }
    expect('"');
    return b.toString();
  }

  private void skipSpace() {
    while (pos < text.length() && text.charAt(pos) == ' ') {
      pos++;
    }
  }

  private boolean peek(char c) {
    return pos < text.length() && text.charAt(pos) == c;
  }

  private boolean eat(char c) {
    if (peek(c)) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!eat(c)) {
      throw error("expected '" + c + "'");
    }
  }

  private BadInput error(String what) {
    return new BadInput("cannot read the expression '" + text + "': " + what + " (at column " + (pos + 1) + ")");
  }
}
