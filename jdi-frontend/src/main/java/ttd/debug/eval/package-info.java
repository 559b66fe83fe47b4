/** Expressions typed at the console: reading them and evaluating them in a stopped replay. */
package ttd.debug.eval;
