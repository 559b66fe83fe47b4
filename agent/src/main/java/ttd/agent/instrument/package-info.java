/**
 * Bytecode instrumentation (ASM): {@link ttd.agent.instrument.CaptureTable}, one row per captured JDK
 * method, and the rewriters that read it: call sites in any class, calls inside a few JDK classes,
 * and one {@code ...Instrumentation} per JDK type whose bodies change.
 */
package ttd.agent.instrument;
