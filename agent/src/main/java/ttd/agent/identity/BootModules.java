package ttd.agent.identity;

import java.lang.module.ResolvedModule;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The boot layer's modules, iterated in the same order in a recording and its replay.
 *
 * <p>The JVM gives the boot layer's modules their identity hashes while it defines them, before
 * any agent runs, in an order that follows its random {@code ImmutableCollections} salt (it walks
 * salted sets of resolved modules and adds each module to a hash set of readers). So every JVM,
 * recorded or replayed, holds another permutation of the same hashes, and ttd cannot change a hash
 * once drawn. {@code ModuleLayer.boot().modules()}, which the JDK fills on first use as a {@code
 * Set.copyOf} keyed by those hashes, then iterated in another order in the replay (Hazelcast's
 * {@code ModularJavaUtils}, on both JDKs). At the end of premain, in both modes, the boot layer's
 * set is made once, in module-name order. Hash-keyed collections of boot modules the program
 * builds itself still follow the boot's hashes (docs/compat.md).
 */
public final class BootModules {

  private BootModules() {}

  /** Fills the boot layer's module set, in name order, before the program can ask for it. */
  public static void lay() {
    Set<Module> laid = Collections.unmodifiableSet(new LinkedHashSet<>(byName().values()));
    InternalUnsafe.putReference(
        ModuleLayer.boot(), InternalUnsafe.fieldOffset(ModuleLayer.class, "modules"), laid);
  }

  private static Map<String, Module> byName() {
    ModuleLayer boot = ModuleLayer.boot();
    Map<String, Module> byName = new TreeMap<>();
    for (ResolvedModule r : boot.configuration().modules()) {
      Optional<Module> m = boot.findModule(r.name());
      if (m.isPresent()) {
        byName.put(r.name(), m.get());
      }
    }
    return byName;
  }
}
