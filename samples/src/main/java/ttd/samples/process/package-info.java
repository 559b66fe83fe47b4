/** Samples whose behaviour depends on the programs installed on the machine they run on. */
package ttd.samples.process;
