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
}
