/** Samples that bring their own copies of libraries the ttd agent also uses (Byte Buddy, ASM). */
package ttd.samples.deps;
