package ttd.compat.janino;

import java.util.Random;
import org.codehaus.janino.ClassBodyEvaluator;
import org.codehaus.janino.ExpressionEvaluator;

/** Pricing rules compiled at run time by Janino: expressions and a whole class body, defined in memory. */
public class GeneratedRules {
  public interface Rule {
    double price(double base, int qty);
  }

  public static void main(String[] args) throws Exception {
    Random random = new Random();
    double discount = random.nextInt(30) / 100.0;
    ExpressionEvaluator expr = new ExpressionEvaluator();
    expr.setParameters(new String[] {"base", "qty"}, new Class<?>[] {double.class, int.class});
    expr.setExpressionType(double.class);
    expr.cook("qty >= 10 ? base * qty * (1 - " + discount + ") : base * qty");
    for (int qty : new int[] {1, 5, 10, 25}) {
      System.out.printf("qty %d -> %.2f%n", qty, (Double) expr.evaluate(new Object[] {9.99, qty}));
    }
    ClassBodyEvaluator body = new ClassBodyEvaluator();
    body.setImplementedInterfaces(new Class<?>[] {Rule.class});
    body.cook("private final long seed = " + random.nextLong() + "L;\n"
        + "public double price(double base, int qty) { return Math.round(base * qty * 100 + (seed & 7)) / 100.0; }\n"
        + "public String toString() { return \"rule#\" + Long.toHexString(seed); }");
    Rule rule = (Rule) body.getClazz().getConstructor().newInstance();
    System.out.println(rule + " " + rule.price(3.5, 3) + " " + rule.getClass().getName());
  }
}
