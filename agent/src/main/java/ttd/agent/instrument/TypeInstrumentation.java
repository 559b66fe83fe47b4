package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;

/**
 * The instrumentation of one target type (the OpenTelemetry agent's shape, with ASM underneath).
 *
 * <p>{@link #typeName()} is the internal name of the one class it changes; {@link #instrument}
 * wraps the visitor of each method and returns it unchanged for the methods it leaves alone.
 */
interface TypeInstrumentation {

  String typeName();

  /** Returns a visitor that adds the hook calls, or {@code mv} itself; sets {@code changed}. */
  MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String descriptor, boolean[] changed);
}
