/**
 * The codecs of captured JDK results that travel as text: one {@code ValueCodec} per kind of
 * value, named by the capture table's rows, used by the session in record and replay alike.
 */
package ttd.agent.value;
