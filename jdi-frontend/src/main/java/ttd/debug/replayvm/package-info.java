/**
 * The replay JVM the console drives, over JDI: launching it, running it to a stop, its position
 * (event, tick, place), the events it reports, and calls into it.
 */
package ttd.debug.replayvm;
