package ttd.agent.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ttd.log.EventKind;

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
 * class, module and file names many times.
 */
final class ThreadStacks {

  private static final VarHandle FORMAT;

  static {
    try {
      FORMAT = MethodHandles.privateLookupIn(StackTraceElement.class, MethodHandles.lookup())
          .findVarHandle(StackTraceElement.class, "format", byte.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private ThreadStacks() {}

  /**
   * Exchanges one stack per listed thread (a {@code null} stack: the thread had ended, or for one
   * other thread's, that none was to be had).
   */
  static StackTraceElement[][] exchange(ThreadState t, Exchange x, int site, StackTraceElement[][] real) {
    if (x.performsRealIo() && real != null) {
      for (int i = 0; i < real.length; i++) {
        real[i] = real[i] == null ? null : ProgramStacks.seenInDump(real[i]);
      }
    }
    String recorded = x.exchangeString(t, EventKind.THREAD_STACKS, site, x.performsRealIo() ? encode(real) : null);
    if (x.performsRealIo()) {
      return real;
    }
    StackTraceElement[][] stacks = decode(recorded);
    if (stacks.length != real.length) {
      x.mismatch(t, "the stacks of " + stacks.length + " threads", "the stacks of " + real.length + " threads");
    }
    return stacks;
  }

  static String encode(StackTraceElement[][] stacks) {
    Writer w = new Writer();
    w.number(stacks.length);
    for (StackTraceElement[] stack : stacks) {
      if (stack == null) {
        w.number(-1);
        continue;
      }
      w.number(stack.length);
      for (StackTraceElement e : stack) {
        w.text(e.getClassLoaderName());
        w.text(e.getModuleName());
        w.text(e.getModuleVersion());
        w.text(e.getClassName());
        w.text(e.getMethodName());
        w.text(e.getFileName());
        w.number(e.getLineNumber());
        w.number((byte) FORMAT.get(e));
      }
    }
    return w.out.toString();
  }

  static StackTraceElement[][] decode(String text) {
    Reader r = new Reader(text);
    StackTraceElement[][] stacks = new StackTraceElement[r.number()][];
    for (int i = 0; i < stacks.length; i++) {
      int depth = r.number();
      if (depth < 0) {
        continue;
      }
      StackTraceElement[] stack = new StackTraceElement[depth];
      for (int j = 0; j < depth; j++) {
        StackTraceElement e = new StackTraceElement(
            r.text(), r.text(), r.text(), r.text(), r.text(), r.text(), r.number());
        FORMAT.set(e, (byte) r.number());
        stack[j] = e;
      }
      stacks[i] = stack;
    }
    return stacks;
  }

  /** Numbers end with {@code ';'}; a string is {@code '~'} (null), {@code '#k;'} (the k-th seen) or {@code '=n:'} and n chars. */
  private static final class Writer {
    final StringBuilder out = new StringBuilder();
    final Map<String, Integer> seen = new HashMap<>();

    void number(int n) {
      out.append(n).append(';');
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

  private static final class Reader {
    final String in;
    final List<String> seen = new ArrayList<>();
    int at;

    Reader(String in) {
      this.in = in;
    }

    int number() {
      int end = in.indexOf(';', at);
      int n = Integer.parseInt(in, at, end, 10);
      at = end + 1;
      return n;
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
