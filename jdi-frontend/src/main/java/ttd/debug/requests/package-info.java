/**
 * Breakpoints, watchpoints and catches as specs that outlive replay JVMs, and their JDI requests;
 * the motions that carry them (a watch's binding is anchored on a history of motions, and a motion
 * holds the specs set while it ran, so the three live together).
 */
package ttd.debug.requests;
