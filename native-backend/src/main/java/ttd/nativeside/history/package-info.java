/** Where a native program's history comes from: gdb's process record, or rr's replay. */
package ttd.nativeside.history;
