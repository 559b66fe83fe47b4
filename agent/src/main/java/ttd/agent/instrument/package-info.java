/** Bytecode instrumentation (ASM): one {@code ...Instrumentation} per target type, plus call sites. */
package ttd.agent.instrument;
