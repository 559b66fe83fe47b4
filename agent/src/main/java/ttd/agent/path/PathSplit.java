package ttd.agent.path;

import java.util.List;

/**
 * Where a replay left the recorded path, as the path log tells it: what the replay did, what the
 * recording did instead, the recorded stack at that point (innermost first) and the recorded
 * steps just before and after. The replay adds its own stack and position to make the report.
 *
 * @param replayDid the replay's step, e.g. "entered shop.Cart.total(Cart.java:40)"
 * @param recordingDid the recording's step there instead
 * @param recordingAtEvent whether the recording's step was its next event
 * @param replayEntered whether the replay's step was entering a method (the split then lies in
 *     its caller, the frame below it)
 */
public record PathSplit(
    String replayDid,
    String recordingDid,
    boolean recordingAtEvent,
    boolean replayEntered,
    List<String> recordedStack,
    List<String> before,
    List<String> after) {}
