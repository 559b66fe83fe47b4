/** The bootstrap-visible hooks that instrumented code, JDK classes included, calls into. */
package ttd.runtime;
