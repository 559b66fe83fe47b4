/** Samples where a bad write to one object's field early on causes a crash much later. */
package ttd.samples.corruption;
