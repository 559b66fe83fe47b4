package ttd.compat.groovy;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import java.util.List;
import java.util.Random;

/** Groovy scripts evaluated by a GroovyShell with a binding: closures, collections, a parsed and rerun script. */
public class ScriptShell {
  public static void main(String[] args) {
    Random random = new Random();
    Binding binding = new Binding();
    binding.setVariable("orders", List.of(random.nextInt(100), random.nextInt(100), random.nextInt(100)));
    binding.setVariable("now", System.currentTimeMillis());
    GroovyShell shell = new GroovyShell(binding);
    Object total = shell.evaluate("orders.sum()");
    Object summary = shell.evaluate("def big = orders.findAll { it > 40 }; \"${big.size()} big of ${orders.size()}, max ${orders.max()}\"");
    System.out.println("total " + total + " " + summary);
    Script script = shell.parse("def fib; fib = { n -> n < 2 ? n : fib(n - 1) + fib(n - 2) }; [n: n, fib: fib(n), at: now % 1000]");
    for (int n : new int[] {10, 15, random.nextInt(20)}) {
      binding.setVariable("n", n);
      System.out.println(script.run());
    }
    Object map = shell.evaluate("[total: orders.sum(), items: orders.collect { it * 2 }].inspect()");
    System.out.println("map " + map);
  }
}
