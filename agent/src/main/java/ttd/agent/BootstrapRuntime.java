package ttd.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Defines the hook façade ({@code ttd.runtime}) straight into the bootstrap class loader.
 *
 * <p>Instrumented JDK classes can only see the bootstrap loader. Appending a jar to the bootstrap
 * search path would do, but it prints a CDS warning and turns class sharing off for application
 * classes; defining the few classes directly does neither. Needs {@code jdk.internal.misc}
 * exported to the agent's loader (done by the launcher's premain).
 */
public final class BootstrapRuntime {

  private static final String HOOKS = "ttd.runtime.Hooks";

  private BootstrapRuntime() {}

  public static void define(Path runtimeJar) throws Exception {
    if (isDefined()) {
      return;
    }
    List<String> names = new ArrayList<>();
    List<byte[]> bodies = new ArrayList<>();
    try (JarFile jar = new JarFile(runtimeJar.toFile())) {
      Enumeration<JarEntry> entries = jar.entries();
      while (entries.hasMoreElements()) {
        JarEntry e = entries.nextElement();
        String n = e.getName();
        if (n.endsWith(".class") && !n.endsWith("package-info.class")) {
          try (InputStream in = jar.getInputStream(e)) {
            names.add(n.substring(0, n.length() - 6).replace('/', '.'));
            bodies.add(in.readAllBytes());
          }
        }
      }
    }
    Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
    Object unsafe = unsafeClass.getMethod("getUnsafe").invoke(null);
    Method defineClass =
        unsafeClass.getMethod(
            "defineClass",
            String.class,
            byte[].class,
            int.class,
            int.class,
            ClassLoader.class,
            ProtectionDomain.class);
    // A class can only be defined once its supertypes can be found: what fails for want of one
    // is tried again after the others, as long as each round defines something.
    Throwable missing = null;
    while (!names.isEmpty()) {
      List<String> laterNames = new ArrayList<>();
      List<byte[]> laterBodies = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        byte[] b = bodies.get(i);
        try {
          defineClass.invoke(unsafe, names.get(i), b, 0, b.length, null, null);
        } catch (InvocationTargetException e) {
          if (!(e.getCause() instanceof NoClassDefFoundError)) {
            throw e;
          }
          missing = e.getCause();
          laterNames.add(names.get(i));
          laterBodies.add(b);
        }
      }
      if (laterNames.size() == names.size()) {
        throw new IOException("the hook classes " + names + " cannot be defined: " + missing);
      }
      names = laterNames;
      bodies = laterBodies;
    }
    if (!isDefined()) {
      throw new IOException("the hook classes did not reach the bootstrap loader");
    }
  }

  private static boolean isDefined() {
    try {
      return Class.forName(HOOKS, false, null) != null;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
