/** The console over native programs: gdb's machine interface, gdb's process record and rr. */
package ttd.nativeside;
