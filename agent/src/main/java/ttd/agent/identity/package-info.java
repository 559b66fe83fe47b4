/** Identity hash codes, the salt of Set.of/Map.of and other per-JVM state a replay must restore. */
package ttd.agent.identity;
