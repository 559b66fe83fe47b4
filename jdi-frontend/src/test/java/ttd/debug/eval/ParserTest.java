package ttd.debug.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.debug.BadInput;

class ParserTest {

  @Test
  void readsPathsWithElementsAndCalls() {
    Expression e = Parser.parse("order.items[2].price.toString()");
    assertEquals(
        new Expression.Call(
            new Expression.FieldOf(
                new Expression.Element(
                    new Expression.FieldOf(new Expression.Name("order"), "items"), new Expression.Literal(2)),
                "price"),
            "toString",
            List.of()),
        e);
  }

  @Test
  void readsLiteralArgumentsOfEveryKind() {
    Expression e = Parser.parse("m(-3, 4L, 1.5, \"a\\\"b\", 'c', true, null)");
    assertEquals(
        new Expression.Call(null, "m", List.of(
            new Expression.Literal(-3), new Expression.Literal(4L), new Expression.Literal(1.5),
            new Expression.Literal("a\"b"), new Expression.Literal('c'), new Expression.Literal(true),
            new Expression.Literal(null))),
        e);
  }

  @Test
  void saysWhereAnExpressionStopsMakingSense() {
    BadInput dangling = assertThrows(BadInput.class, () -> Parser.parse("order."));
    assertEquals("cannot read the expression 'order.': expected a name (at column 7)", dangling.getMessage());
    BadInput unclosed = assertThrows(BadInput.class, () -> Parser.parse("a[1"));
    assertEquals("cannot read the expression 'a[1': expected ']' (at column 4)", unclosed.getMessage());
    assertEquals("an expression is missing", assertThrows(BadInput.class, () -> Parser.parse("  ")).getMessage());
  }

  @Test
  void refusesInputThatNestsTooDeepInOneSentenceInsteadOfOverflowingTheStack() {
    String deep = "(".repeat(5000) + "x" + ")".repeat(5000);
    BadInput e = assertThrows(BadInput.class, () -> Parser.parse(deep));
    assertEquals("the expression nests more than " + Parser.MAX_DEPTH + " levels deep; evaluate a smaller part of it", e.getMessage());
    String calls = "f(".repeat(Parser.MAX_DEPTH) + "1" + ")".repeat(Parser.MAX_DEPTH);
    assertThrows(BadInput.class, () -> Parser.parse(calls));
    String fits = "f(".repeat(Parser.MAX_DEPTH - 1) + "1" + ")".repeat(Parser.MAX_DEPTH - 1);
    Parser.parse(fits);
  }

  @Test
  void refusesAPathOfMoreThanAThousandParts() {
    String chain = "a" + ".b".repeat(Parser.MAX_PARTS);
    BadInput e = assertThrows(BadInput.class, () -> Parser.parse(chain));
    assertTrue(e.getMessage().startsWith("the expression has more than " + Parser.MAX_PARTS + " parts"), e.getMessage());
    Parser.parse("a" + ".b".repeat(Parser.MAX_PARTS - 2));
  }

  private static Expression name(String n) {
    return new Expression.Name(n);
  }

  private static Expression lit(Object v) {
    return new Expression.Literal(v);
  }

  private static Expression bin(String op, Expression l, Expression r) {
    return new Expression.Binary(op, l, r);
  }

  @Test
  void multiplicationBindsTighterThanAdditionAndComparisonLooserThanBoth() {
    assertEquals(bin(">", bin("+", name("a"), bin("*", name("b"), lit(2))), lit(0)), Parser.parse("a + b * 2 > 0"));
  }

  @Test
  void operatorsOfOneLevelAssociateToTheLeft() {
    assertEquals(bin("-", bin("-", name("a"), name("b")), name("c")), Parser.parse("a - b - c"));
    assertEquals(bin("||", bin("||", name("a"), name("b")), bin("&&", name("c"), name("d"))), Parser.parse("a || b || c && d"));
  }

  @Test
  void aMinusAfterAnOperandSubtractsAndBeforeADigitStartsANegativeLiteral() {
    assertEquals(bin("-", name("a"), lit(1)), Parser.parse("a-1"));
    assertEquals(bin("-", name("a"), lit(-1)), Parser.parse("a - -1"));
    assertEquals(new Expression.Unary("-", name("a")), Parser.parse("-a"));
    assertEquals(lit(-2147483648), Parser.parse("-2147483648"));
  }

  @Test
  void theLongestOperatorIsRead() {
    assertEquals(bin(">>>", name("a"), lit(3)), Parser.parse("a>>>3"));
    assertEquals(bin("<=", name("a"), lit(3)), Parser.parse("a<=3"));
    assertEquals(bin("!=", name("a"), lit(null)), Parser.parse("a != null"));
  }

  @Test
  void unaryOperatorsApplyToTheWholePathAfterThem() {
    assertEquals(new Expression.Unary("!", new Expression.Call(name("list"), "isEmpty", List.of())), Parser.parse("!list.isEmpty()"));
  }

  @Test
  void parenthesesAndCallsNestInsideOperators() {
    assertEquals(bin("*", bin("+", name("a"), name("b")), new Expression.Call(null, "f", List.of(bin("%", name("c"), lit(2))))),
        Parser.parse("(a + b) * f(c % 2)"));
  }

  @Test
  void aMissingOperandOrAnOperatorAtTheEndIsOneSentence() {
    BadInput e = assertThrows(BadInput.class, () -> Parser.parse("a +"));
    assertEquals("cannot read the expression 'a +': the expression ends too early (at column 4)", e.getMessage());
    assertThrows(BadInput.class, () -> Parser.parse("* a"));
  }

  @Test
  void aLongChainOfOperatorsIsRefusedByItsPartsNotByTheStack() {
    String chain = "1" + " + 1".repeat(5000);
    BadInput e = assertThrows(BadInput.class, () -> Parser.parse(chain));
    assertTrue(e.getMessage().startsWith("the expression has more than "), e.getMessage());
    String negations = "!".repeat(5000) + "a";
    assertTrue(assertThrows(BadInput.class, () -> Parser.parse(negations)).getMessage().startsWith("the expression nests more than "));
  }
}
