/** One replay JVM under JDI: starting it, running it to a stop, its position, calls into it. */
package ttd.debug.target;
