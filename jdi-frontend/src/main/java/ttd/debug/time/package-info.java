/**
 * Time travel: histories of motions replayed in fresh JVMs, the pool of JVMs started ahead, the
 * checkpoint ladder of JVMs parked along the history, and the index of each breakpoint's hits.
 */
package ttd.debug.time;
