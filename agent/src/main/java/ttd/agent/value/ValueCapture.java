package ttd.agent.value;

/**
 * A captured JDK method whose result a {@link ValueCodec} carries, as the session sees it: the name
 * its events are logged under (which a replay checks) and the codec.
 *
 * @param method the JDK method, {@code SimpleClassName.method}, as reports name it
 * @param codec how its result is logged and rebuilt
 */
public record ValueCapture(String method, ValueCodec<?> codec) {}
