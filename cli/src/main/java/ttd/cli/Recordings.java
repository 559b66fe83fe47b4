package ttd.cli;

import java.nio.file.Path;
import ttd.log.BadRecordingException;
import ttd.log.RecordingMetadata;
import ttd.log.RecordingScan;
import ttd.cli.launch.ToolException;

/** Opens recordings for the commands, turning an unusable one into the tool's one-line error. */
final class Recordings {

  private Recordings() {}

  /** The header of a recording a replay may run: not one that stops where ttd refused the program. */
  static RecordingMetadata replayableHeader(Path dir) {
    try {
      return RecordingMetadata.load(dir).replayable(dir);
    } catch (BadRecordingException e) {
      throw new ToolException(e.getMessage());
    }
  }

  static RecordingScan scan(Path dir) {
    try {
      return RecordingScan.of(dir);
    } catch (BadRecordingException e) {
      throw new ToolException(e.getMessage());
    }
  }
}
