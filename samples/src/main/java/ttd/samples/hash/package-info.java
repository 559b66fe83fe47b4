/** Samples whose bugs depend on hash-based iteration order (identity hash codes, {@code Set.of}/{@code Map.of}). */
package ttd.samples.hash;
