/** Time travel: histories of motions replayed in fresh JVMs, and the pool of JVMs started ahead. */
package ttd.debug.time;
