package ttd.debug.replayvm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TargetTest {

  @Test
  void objectsADebuggerReadsAreHashedFromJdk20OnAndWhenTheVersionIsUnknown() {
    assertFalse(Target.tagsHashObjects("17.0.15"));
    assertFalse(Target.tagsHashObjects("19"));
    assertTrue(Target.tagsHashObjects("20"));
    assertTrue(Target.tagsHashObjects("25.0.3"));
    assertTrue(Target.tagsHashObjects("not a version"));
  }
}
