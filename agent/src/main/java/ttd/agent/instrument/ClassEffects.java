package ttd.agent.instrument;

import java.util.ArrayList;
import java.util.List;

/**
 * What rewriting one class did beyond producing its bytes: the call sites it registered, the JDK
 * calls it noted as replaced, and the class-hierarchy questions its answer depends on.
 *
 * <p>The rewriters go through this object instead of the registries, so that a class taken from a
 * {@link ClassPack} can do the same again (and be refused when the hierarchy answers differ or the
 * site ids would), leaving the JVM as if it had been rewritten afresh.
 */
final class ClassEffects {

  /** A call site registered with {@link CallSites}, under the id its bytes push. */
  record Site(int id, String name, boolean seedsRandomness) {}

  /** A JDK call a rewriter replaced, as {@link HookedMethods#replaced} takes it. */
  record Replaced(String caller, String method, int line, String owner, String name) {}

  /** A question {@link ThreadMethods} answered, whose answer shaped the bytes. */
  record Query(String owner, String name, String desc, boolean answer) {}

  final List<Site> sites = new ArrayList<>();
  final List<Replaced> replaced = new ArrayList<>();
  final List<Query> queries = new ArrayList<>();

  int site(String name, boolean seedsRandomness) {
    int id = CallSites.register(name, seedsRandomness);
    sites.add(new Site(id, name, seedsRandomness));
    return id;
  }

  void replaced(String caller, String method, int line, String owner, String name) {
    HookedMethods.replaced(caller, method, line, owner, name);
    replaced.add(new Replaced(caller, method, line, owner, name));
  }

  boolean resolvesToThread(ThreadMethods threadMethods, String owner, String name, String desc) {
    boolean answer = threadMethods.resolvesToThread(owner, name, desc);
    queries.add(new Query(owner, name, desc, answer));
    return answer;
  }
}
