/** Samples whose behaviour depends on the environment, system properties and the machine they run on. */
package ttd.samples.env;
