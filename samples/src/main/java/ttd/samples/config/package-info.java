/** Samples whose behaviour depends on the files and directories of the machine they run on. */
package ttd.samples.config;
