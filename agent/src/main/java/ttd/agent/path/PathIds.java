package ttd.agent.path;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Names the steps of a path: each instrumented method that calls something, and each call site of
 * a JDK method in the program's code, gets an id when its class is instrumented.
 *
 * <p>Ids are dense and meaningful within one JVM only (classes load in whatever order); a thread's
 * path log defines each id it uses by its key ({@code pkg/Cls.method(desc)}, and for a JDK call
 * the caller's key, the call's number in that method and the callee), and a replay maps recorded
 * ids to its own by key. A definition also carries the source file and line, for reports.
 */
public final class PathIds {

  private static final Map<String, Integer> BY_KEY = new ConcurrentHashMap<>();
  private static volatile String[] keys = new String[1024];
  private static volatile String[] sources = new String[1024];
  private static volatile int[] lines = new int[1024];
  private static int count;

  private PathIds() {}

  /** The id of an instrumented method: {@code owner} internal name, {@code source} its file or null. */
  public static int method(String owner, String name, String desc, String source) {
    return register(owner + "." + name + desc, source, 0);
  }

  /**
   * The id of the {@code index}-th JDK call (from 0) in method {@code caller} (a key as {@link
   * #method} makes it), of {@code calleeOwner.calleeName calleeDesc}, at {@code line}.
   */
  public static int jdkCall(
      String caller, int index, String calleeOwner, String calleeName, String calleeDesc,
      String source, int line) {
    return register(
        caller + "#" + index + " " + calleeOwner + "." + calleeName + calleeDesc, source, line);
  }

  /** The key of a method, as {@link #jdkCall} takes it for the caller. */
  public static String methodKey(String owner, String name, String desc) {
    return owner + "." + name + desc;
  }

  /** Notes the first line of a method, for reports (the line is known after its id). */
  public static synchronized void firstLine(int id, int line) {
    int[] l = lines;
    if (l[id] == 0) {
      l[id] = line;
    }
  }

  private static synchronized int register(String key, String source, int line) {
    Integer known = BY_KEY.get(key);
    if (known != null) {
      return known;
    }
    int id = count++;
    if (id >= keys.length) {
      int n = keys.length * 2;
      String[] k = Arrays.copyOf(keys, n);
      String[] s = Arrays.copyOf(sources, n);
      int[] l = Arrays.copyOf(lines, n);
      k[id] = key;
      s[id] = source;
      l[id] = line;
      sources = s;
      lines = l;
      keys = k;
    } else {
      sources[id] = source;
      lines[id] = line;
      keys[id] = key;
    }
    BY_KEY.put(key, id);
    return id;
  }

  /** This JVM's id of {@code key}, or -1 if no class loaded so far has it. */
  public static int lookup(String key) {
    Integer id = BY_KEY.get(key);
    return id == null ? -1 : id;
  }

  /** The definition a path log stores for {@code id}: key, source file and line, tab-separated. */
  public static synchronized String definition(int id) {
    String s = sources[id];
    return keys[id] + "\t" + (s == null ? "" : s) + "\t" + lines[id];
  }

  /** The key part of a definition. */
  public static String keyOf(String definition) {
    int tab = definition.indexOf('\t');
    return tab < 0 ? definition : definition.substring(0, tab);
  }

  /**
   * How a report names a definition: a method like a stack frame with its first line, {@code
   * pkg.Cls.method(Cls.java:12)}; a JDK call as the callee and where the program called it,
   * {@code java.util.Set.add (Cls.java:57)}.
   */
  public static String show(String definition) {
    String[] f = fields(definition);
    int space = f[0].indexOf(' ');
    if (space < 0) {
      return frame(f[0]) + "(" + f[1] + f[2] + ")";
    }
    String callee = f[0].substring(space + 1);
    return frame(callee) + " (" + f[1] + f[2] + ")";
  }

  /** A method's definition as a frame of a stack whose line is not known: {@code pkg.Cls.method(Cls.java)}. */
  public static String showFrame(String definition) {
    String[] f = fields(definition);
    return frame(f[0]) + "(" + f[1] + ")";
  }

  /** Key, source file (or "Unknown Source") and ":line" (or ""), from a definition. */
  private static String[] fields(String definition) {
    String[] f = definition.split("\t", -1);
    String source = f.length > 1 && !f[1].isEmpty() ? f[1] : "Unknown Source";
    String line = f.length > 2 && !f[2].equals("0") ? ":" + f[2] : "";
    return new String[] {f[0], source, line};
  }

  /** {@code pkg/Cls.method(desc)} as a stack frame names it: {@code pkg.Cls.method}. */
  private static String frame(String methodKey) {
    if (methodKey.indexOf('(') < 0) {
      return methodKey.replace('/', '.');
    }
    return methodKey.substring(0, methodKey.indexOf('(')).replace('/', '.');
  }
}
