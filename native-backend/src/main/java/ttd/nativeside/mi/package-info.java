/** A client of gdb's machine interface (GDB/MI): the output parser and the gdb process. */
package ttd.nativeside.mi;
