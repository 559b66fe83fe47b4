/** The recording format: metadata, event blocks and the Chronicle Queue they are stored in. */
package ttd.log;
