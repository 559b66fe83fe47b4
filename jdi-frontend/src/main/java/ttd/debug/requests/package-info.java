/** Breakpoints, watchpoints and catches as specs that outlive replay JVMs, and their JDI requests. */
package ttd.debug.requests;
