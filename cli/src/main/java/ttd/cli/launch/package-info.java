/** The ttd tool's record and replay launchers and recording checks. */
package ttd.cli.launch;
