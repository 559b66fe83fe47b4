package ttd.agent.session;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import ttd.agent.instrument.HookedMethods;
import ttd.agent.value.ThreadStacks;

/**
 * A throwable's stack trace as the program would see it without ttd, in record and replay alike:
 * ttd's frames out, and where they end in a hook that stands for a JDK method, that method's
 * frames in their place.
 *
 * <p>An exception thrown through a hook showed the session's and the hook's frames, and one that
 * ttd threw in the JDK method's place (every failure in replay, a recorded open's, an interrupted
 * sleep's) lacked the native frame a plain run shows; printed, the output differed from a plain
 * run's and depended on ttd's class names. The rule, per run of ttd frames: the frames above it are
 * what the hook did in the JDK method's place. If they hold that method's own frame (the real call
 * went through), the frames from there up stay; else, the method's frame is supplied when it is a
 * native, whose frame has no line to know. A run that does not end in such a hook (a callback into
 * the program) is only dropped. Traces ttd's own code reads for itself are left whole.
 */
final class ProgramStacks {

  /** Which JDK method a hook's frame, called from {@code caller}, stands for; and that method's frame. */
  interface Hooked {
    String standsFor(StackTraceElement hook, StackTraceElement caller);

    /** The frame of {@code method} (as {@link #standsFor} names it) if it is a native, else null. */
    StackTraceElement nativeFrame(String method);

    /**
     * The frames a plain run shows inside the JDK method the {@code hook} frame's overload stands
     * for while a thread is blocked there ({@link BlockedFrames}), or null.
     */
    StackTraceElement[] blockedInside(StackTraceElement hook);
  }

  private static final String RUNTIME = "ttd.runtime.";
  private static final String AGENT_LOADER = "ttd-agent";
  private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
  private static final Function<Stream<StackWalker.StackFrame>, Boolean> READ_BY_TTD = new ReadByTtd();
  static final Hooked TABLE = new Table();

  private ProgramStacks() {}

  /** {@code elements}, just built for a throwable, as the program sees them. */
  static StackTraceElement[] seen(StackTraceElement[] elements) {
    if (!hasTtdFrame(elements) || WALKER.walk(READ_BY_TTD)) {
      return elements;
    }
    return seen(elements, TABLE, false);
  }

  /** A stack of another thread, as a dump the program asked for shows it. */
  static final ThreadStacks.View IN_DUMPS = new InDumps();

  private static final class InDumps implements ThreadStacks.View {
    @Override
    public StackTraceElement[] seen(StackTraceElement[] stack) {
      return ProgramStacks.seen(stack, TABLE, true);
    }
  }

  /**
   * {@code st} without ttd's frames. In a {@code dump} (a thread looked at while it runs or
   * blocks, not a throwable), a thread blocked where a hook stood in for a JDK method shows the
   * frames a plain run shows inside that method.
   */
  static StackTraceElement[] seen(StackTraceElement[] st, Hooked hooked, boolean dump) {
    if (!hasTtdFrame(st)) {
      return st;
    }
    List<StackTraceElement> out = new ArrayList<>(st.length);
    int i = 0;
    while (i < st.length) {
      int above = out.size();
      while (i < st.length && !isTtd(st[i])) {
        out.add(st[i++]);
      }
      if (i == st.length) {
        break;
      }
      while (i < st.length && isTtd(st[i])) {
        i++;
      }
      String method = i < st.length ? hooked.standsFor(st[i - 1], st[i]) : null;
      StackTraceElement[] inside = dump && method != null ? hooked.blockedInside(st[i - 1]) : null;
      if (inside != null) {
        out.clear();
        for (StackTraceElement frame : inside) {
          out.add(ThreadStacks.printedLike(st, frame, !dump));
        }
      } else if (method == null && onlyJdk(out.subList(above, out.size()))) {
        out.subList(above, out.size()).clear(); // what ttd's code called: its own wait for the baton
      } else if (method != null) {
        int own = lastFrameOf(out, method);
        if (own >= 0) {
          out.subList(own + 1, out.size()).clear();
        } else {
          out.clear();
          StackTraceElement frame = hooked.nativeFrame(method);
          if (frame != null) {
            out.add(ThreadStacks.printedLike(st, frame, !dump));
          }
        }
      }
    }
    return out.toArray(new StackTraceElement[0]);
  }

  /** The frame nearest the hook's run named as {@code method} (an engine may override it), or -1. */
  private static int lastFrameOf(List<StackTraceElement> frames, String method) {
    String name = method.substring(method.lastIndexOf('.') + 1);
    for (int k = frames.size() - 1; k >= 0; k--) {
      if (frames.get(k).getMethodName().equals(name)) {
        return k;
      }
    }
    return -1;
  }

  /** Whether {@code frames} are the JDK's alone (of the boot or platform loader), none the program's. */
  private static boolean onlyJdk(List<StackTraceElement> frames) {
    for (StackTraceElement e : frames) {
      String loader = e.getClassLoaderName();
      if (loader != null && !loader.equals("platform")) {
        return false;
      }
    }
    return true;
  }

  private static boolean hasTtdFrame(StackTraceElement[] st) {
    for (StackTraceElement e : st) {
      if (isTtd(e)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A frame of ttd's own code: the agent's loader's classes, the bootstrap hooks (a program's own
   * {@code ttd.} package is the program's), and the bridges to them ttd adds to program classes.
   */
  static boolean isTtd(StackTraceElement e) {
    String loader = e.getClassLoaderName();
    return (loader == null ? e.getClassName().startsWith(RUNTIME) : loader.equals(AGENT_LOADER))
        || HookedMethods.isBridge(e.getMethodName());
  }

  /**
   * Whether the code reading the trace (below {@code StackTraceElement} and {@code Throwable}) is
   * ttd's: its diagnostics need the frames as they are. A class, not a lambda: ttd's code names no
   * hidden class on a program thread.
   */
  private static final class ReadByTtd implements Function<Stream<StackWalker.StackFrame>, Boolean> {
    @Override
    public Boolean apply(Stream<StackWalker.StackFrame> frames) {
      boolean built = false;
      Iterator<StackWalker.StackFrame> it = frames.iterator();
      while (it.hasNext()) {
        Class<?> c = it.next().getDeclaringClass();
        if (c == StackTraceElement.class) {
          built = true;
        } else if (built && !c.getName().startsWith("java.lang.")) {
          ClassLoader loader = c.getClassLoader();
          return loader == null ? c.getName().startsWith(RUNTIME) : loader == ProgramStacks.class.getClassLoader();
        }
      }
      return false;
    }
  }

  /** The capture table's answer, and the JDK's own description of the method. */
  private static final class Table implements Hooked {
    private final Map<String, Optional<StackTraceElement>> frames = new HashMap<>();

    @Override
    public String standsFor(StackTraceElement hook, StackTraceElement caller) {
      return HookedMethods.standsFor(hook.getClassName(), hook.getMethodName(), caller.getClassName(),
          caller.getMethodName(), caller.getLineNumber());
    }

    @Override
    public StackTraceElement[] blockedInside(StackTraceElement hook) {
      return BlockedFrames.inside(hook);
    }

    @Override
    public synchronized StackTraceElement nativeFrame(String method) {
      Optional<StackTraceElement> frame = frames.get(method);
      if (frame == null) {
        frame = lookUpNative(method);
        frames.put(method, frame);
      }
      return frame.orElse(null);
    }
  }

  private static Optional<StackTraceElement> lookUpNative(String method) {
    int dot = method.lastIndexOf('.');
    String owner = method.substring(0, dot);
    String name = method.substring(dot + 1);
    try {
      Class<?> c = Class.forName(owner, false, null);
      for (Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(name) && Modifier.isNative(m.getModifiers())) {
          String module = c.getModule().getName();
          return Optional.of(new StackTraceElement(null, module, null, owner, name, null, -2));
        }
      }
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
    return Optional.empty();
  }
}
