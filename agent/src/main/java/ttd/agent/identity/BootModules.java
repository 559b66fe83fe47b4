package ttd.agent.identity;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ResolvedModule;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

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
 *
 * <p>The same salt orders the JDK's own service providers: the boot and platform loaders' services
 * catalogs are filled as the JVM defines the boot layer, the boot layer's own on first use, so
 * {@code ServiceLoader} met the JDK's providers in another order in each run (a plain JVM takes
 * the order from its CDS archive, which an agent turns off). JDK 17's {@code
 * Security.getProvider} instantiates providers in that order until one matches, so the program's
 * thread drew another count of hashes (Apache MINA SSHD's thread names carry one). Each catalog's
 * providers of a service are sorted by module name too, keeping a module's own order.
 */
public final class BootModules {

  private BootModules() {}

  /**
   * Fills the boot layer's module set, and sorts its services catalogs, in name order, before the
   * program can ask for them.
   */
  public static void lay() {
    Map<String, Module> byName = byName();
    Set<Module> laid = Collections.unmodifiableSet(new LinkedHashSet<>(byName.values()));
    InternalUnsafe.putReference(
        ModuleLayer.boot(), InternalUnsafe.fieldOffset(ModuleLayer.class, "modules"), laid);
    try {
      layServices(byName.values());
    } catch (ReflectiveOperationException | RuntimeException e) {
      // left in the JVM's order: replays of programs that walk the JDK's providers may diverge
    }
  }

  /** Sorts the providers of every service the boot layer's modules provide, in each catalog. */
  private static void layServices(Iterable<Module> modules) throws ReflectiveOperationException {
    Set<String> services = new TreeSet<>();
    for (Module m : modules) {
      for (ModuleDescriptor.Provides p : m.getDescriptor().provides()) {
        services.add(p.service());
      }
    }
    Class<?> catalog = Class.forName("jdk.internal.module.ServicesCatalog");
    Method find = catalog.getMethod("findServices", String.class);
    Object access = Class.forName("jdk.internal.access.SharedSecrets").getMethod("getJavaLangAccess").invoke(null);
    Object[] catalogs = {
      Class.forName("jdk.internal.loader.BootLoader").getMethod("getServicesCatalog").invoke(null),
      catalog.getMethod("getServicesCatalog", ClassLoader.class).invoke(null, ClassLoader.getPlatformClassLoader()),
      Class.forName("jdk.internal.access.JavaLangAccess").getMethod("getServicesCatalog", ModuleLayer.class)
          .invoke(access, ModuleLayer.boot()),
    };
    ByModuleName order =
        new ByModuleName(Class.forName("jdk.internal.module.ServicesCatalog$ServiceProvider").getMethod("module"));
    for (Object c : catalogs) {
      for (String service : services) {
        @SuppressWarnings("unchecked")
        List<Object> providers = (List<Object>) find.invoke(c, service);
        if (providers.size() > 1) {
          providers.sort(order); // stable: a module's providers keep their order
        }
      }
    }
  }

  /** Orders a catalog's {@code ServiceProvider}s by their module's name. */
  private static final class ByModuleName implements Comparator<Object> {
    private final Method module;

    ByModuleName(Method module) {
      this.module = module;
    }

    @Override
    public int compare(Object a, Object b) {
      return name(a).compareTo(name(b));
    }

    private String name(Object provider) {
      try {
        return ((Module) module.invoke(provider)).getName();
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
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
