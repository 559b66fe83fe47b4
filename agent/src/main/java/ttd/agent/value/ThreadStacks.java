package ttd.agent.value;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stacks of other threads as an input: what {@code Thread.getAllStackTraces()} and another
 * thread's {@code getStackTrace()} returned. Where the JDK's own threads (Common-Cleaner,
 * Reference Handler) stand in their waits, and in which frame a worker is sleeping, depends on
 * timing, so a replay that asked the JVM again printed other stacks than the recording. The
 * recording logs the elements; the replay builds them anew, each with the print format its
 * original had (whether {@code toString()} leaves out the JDK module's version and the built-in
 * loader's name), so that they print and compare as recorded.
 *
 * <p>The text form lists each distinct string once, then refers to it by number: a dump repeats
 * class, module and file names many times. {@link ThreadInfos} writes its stacks the same way.
 */
public final class ThreadStacks {

  private static final VarHandle FORMAT;
  /** {@code StackTraceElement.isHashedInJavaBase(Module)}: whether the JVM marks a module's frames as the JDK's. */
  private static final Method HASHED;
  private static final byte JDK_MODULE;

  static {
    try {
      FORMAT = MethodHandles.privateLookupIn(StackTraceElement.class, MethodHandles.lookup())
          .findVarHandle(StackTraceElement.class, "format", byte.class);
      HASHED = StackTraceElement.class.getDeclaredMethod("isHashedInJavaBase", Module.class);
      HASHED.setAccessible(true);
      Field bit = StackTraceElement.class.getDeclaredField("JDK_NON_UPGRADEABLE_MODULE");
      bit.setAccessible(true);
      JDK_MODULE = bit.getByte(null);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private ThreadStacks() {}

  /**
   * {@code Thread.getAllStackTraces()}' stacks, one per listed thread (a {@code null} stack: the
   * thread had ended); a replay checks that its own dump listed as many threads.
   */
  public static final ValueCodec<StackTraceElement[][]> ALL = new ValueCodec<>() {
    @Override
    public String encode(StackTraceElement[][] stacks) {
      return ThreadStacks.encode(stacks);
    }

    @Override
    public StackTraceElement[][] decode(String text) {
      return ThreadStacks.decode(text);
    }

    @Override
    public StackTraceElement[][] seen(StackTraceElement[][] stacks) {
      for (int i = 0; stacks != null && i < stacks.length; i++) {
        stacks[i] = ThreadStacks.seen(stacks[i]);
      }
      return stacks;
    }

    @Override
    public String shape(StackTraceElement[][] stacks) {
      return stacks == null ? null : "the stacks of " + stacks.length + " threads";
    }
  };

  /** Another thread's stack, as its {@code getStackTrace()} found it. */
  public static final ValueCodec<StackTraceElement[]> ONE = new ValueCodec<>() {
    @Override
    public String encode(StackTraceElement[] stack) {
      return ThreadStacks.encode(new StackTraceElement[][] {stack});
    }

    @Override
    public StackTraceElement[] decode(String text) {
      return ThreadStacks.decode(text)[0];
    }

    @Override
    public StackTraceElement[] seen(StackTraceElement[] stack) {
      return ThreadStacks.seen(stack);
    }
  };

  /**
   * {@code frame} of a JDK module, which ttd made or learned in place of a frame a hook stood in
   * for, printed as the JVM prints the frames of that module in {@code stack}: with the module's
   * version or without it ({@code toString()} leaves it out where the JVM marked a frame of a
   * non-upgradeable JDK module, as a throwable's frames and 25's {@code getStackTrace()} are, and
   * 17's dumps and both JDKs' thread infos are not). With no such frame in {@code stack}, a
   * {@code thrown} frame is marked as the JVM marks a throwable's frames of that module (a frame of
   * {@code RandomAccessFile.getFilePointer} right under the program's {@code main}), and another
   * prints the version.
   */
  public static StackTraceElement printedLike(StackTraceElement[] stack, StackTraceElement frame, boolean thrown) {
    String module = frame.getModuleName();
    if (module == null) {
      return frame;
    }
    for (StackTraceElement e : stack) {
      if (module.equals(e.getModuleName()) && e.getClassLoaderName() == null) {
        StackTraceElement made = new StackTraceElement(null, module, e.getModuleVersion(), frame.getClassName(),
            frame.getMethodName(), frame.getFileName(), frame.getLineNumber());
        FORMAT.set(made, (byte) FORMAT.get(e));
        return made;
      }
    }
    Optional<Module> named = ModuleLayer.boot().findModule(module);
    String version = named.isPresent() ? named.get().getDescriptor().rawVersion().orElse(null) : null;
    StackTraceElement made = new StackTraceElement(null, module, version, frame.getClassName(), frame.getMethodName(),
        frame.getFileName(), frame.getLineNumber());
    if (thrown && named.isPresent() && hashedInJavaBase(named.get())) {
      FORMAT.set(made, JDK_MODULE);
    }
    return made;
  }

  private static boolean hashedInJavaBase(Module m) {
    try {
      return (Boolean) HASHED.invoke(null, m);
    } catch (ReflectiveOperationException e) {
      return false;
    }
  }

  /** What the program sees of a stack it asked for in a recording: ttd's own frames taken out. */
  public interface View {
    StackTraceElement[] seen(StackTraceElement[] stack);
  }

  private static volatile View view;

  /** Sets the {@link View} dumps pass through before they are logged (the session's, once). */
  public static void seeThrough(View v) {
    view = v;
  }

  static String encode(StackTraceElement[][] stacks) {
    Writer w = new Writer();
    w.number(stacks.length);
    for (StackTraceElement[] stack : stacks) {
      w.stack(stack);
    }
    return w.out.toString();
  }

  static StackTraceElement[][] decode(String text) {
    Reader r = new Reader(text);
    StackTraceElement[][] stacks = new StackTraceElement[r.number()][];
    for (int i = 0; i < stacks.length; i++) {
      stacks[i] = r.stack();
    }
    return stacks;
  }

  /** {@code stack} as the program sees it in a recording: through the session's {@link View}, if set. */
  static StackTraceElement[] seen(StackTraceElement[] stack) {
    View v = view;
    return v == null || stack == null ? stack : v.seen(stack);
  }

  /**
   * Numbers end with {@code ';'}; a string is {@code '~'} (null), {@code '#k;'} (the k-th seen) or
   * {@code '=n:'} and n chars; a stack is its depth ({@code -1}: null) and its elements.
   */
  static final class Writer {
    final StringBuilder out = new StringBuilder();
    final Map<String, Integer> seen = new HashMap<>();

    void number(long n) {
      out.append(n).append(';');
    }

    void stack(StackTraceElement[] stack) {
      if (stack == null) {
        number(-1);
        return;
      }
      number(stack.length);
      for (StackTraceElement e : stack) {
        text(e.getClassLoaderName());
        text(e.getModuleName());
        text(e.getModuleVersion());
        text(e.getClassName());
        text(e.getMethodName());
        text(e.getFileName());
        number(e.getLineNumber());
        number((byte) FORMAT.get(e));
      }
    }

    void text(String s) {
      if (s == null) {
        out.append('~');
        return;
      }
      Integer k = seen.get(s);
      if (k != null) {
        out.append('#');
        number(k);
        return;
      }
      seen.put(s, seen.size());
      out.append('=').append(s.length()).append(':').append(s);
    }
  }

  static final class Reader {
    final String in;
    final List<String> seen = new ArrayList<>();
    int at;

    Reader(String in) {
      this.in = in;
    }

    int number() {
      return Math.toIntExact(longNumber());
    }

    long longNumber() {
      int end = in.indexOf(';', at);
      long n = Long.parseLong(in, at, end, 10);
      at = end + 1;
      return n;
    }

    StackTraceElement[] stack() {
      int depth = number();
      if (depth < 0) {
        return null;
      }
      StackTraceElement[] stack = new StackTraceElement[depth];
      for (int j = 0; j < depth; j++) {
        StackTraceElement e = new StackTraceElement(text(), text(), text(), text(), text(), text(), number());
        FORMAT.set(e, (byte) number());
        stack[j] = e;
      }
      return stack;
    }

    String text() {
      char c = in.charAt(at++);
      if (c == '~') {
        return null;
      }
      if (c == '#') {
        return seen.get(number());
      }
      int colon = in.indexOf(':', at);
      int length = Integer.parseInt(in, at, colon, 10);
      String s = in.substring(colon + 1, colon + 1 + length);
      at = colon + 1 + length;
      seen.add(s);
      return s;
    }
  }
}
