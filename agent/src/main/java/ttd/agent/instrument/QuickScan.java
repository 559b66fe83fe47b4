package ttd.agent.instrument;

import java.nio.charset.StandardCharsets;

/**
 * Decides cheaply whether a class can contain anything to rewrite, before ASM parses it.
 *
 * <p>Every class the JVM loads passes through the transformer; most contain none of the call
 * sites ttd rewrites. A call site needs the callee's name in the constant pool as a UTF-8 entry
 * (tag 1, two length bytes, the bytes), so a class without any such entry is returned unchanged
 * without a parse. A match is only a maybe: the full rewrite decides.
 */
final class QuickScan {

  /** The names the capture table's rows for any class leave in a constant pool. */
  private static final String[] CALLEE_ENTRIES =
      entries(CaptureTable.scanNames().toArray(new String[0]));
  private static final String RUN_ENTRY = entries(new String[] {"run"})[0];


  private QuickScan() {}

  /** Whether the class may hold a rewritable call site, or (if {@code threadLike}) a run(). */
  static boolean mayNeedRewrite(byte[] classFile, boolean threadLike) {
    String text = new String(classFile, StandardCharsets.ISO_8859_1);
    for (String entry : CALLEE_ENTRIES) {
      if (text.contains(entry)) {
        return true;
      }
    }
    return threadLike && text.contains(RUN_ENTRY);
  }

  private static String[] entries(String[] names) {
    String[] entries = new String[names.length];
    for (int i = 0; i < names.length; i++) {
      String n = names[i];
      entries[i] = "\u0001\u0000" + (char) n.length() + n;
    }
    return entries;
  }
}
