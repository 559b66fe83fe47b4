/** The only classes at the top of ttd.jar: they unpack the nested libraries and hand over. */
package ttd.launch;
