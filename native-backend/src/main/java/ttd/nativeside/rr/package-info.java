/** rr: whether it can record here, {@code ttd native record}, and trace directories. */
package ttd.nativeside.rr;
