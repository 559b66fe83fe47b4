package ttd.debug.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ttd.debug.BadInput;

class HitConditionsTest {

  @Test
  void aStringsOwnQuestionsMayBeAskedInACondition() {
    assertEquals("name.equals(\"region\") && row.label.length() > 2",
        HitConditions.check(" name.equals(\"region\") && row.label.length() > 2 "));
    assertEquals("!name.isEmpty() || name.startsWith(prefix)", HitConditions.check("!name.isEmpty() || name.startsWith(prefix)"));
  }

  @Test
  void otherCallsAreRefusedEvenInsideAStringsQuestion() {
    BadInput e = assertThrows(BadInput.class, () -> HitConditions.check("name.equals(row.toString())"));
    assertTrue(e.getMessage().startsWith(HitConditions.NO_CALLS), e.getMessage());
    assertThrows(BadInput.class, () -> HitConditions.check("equals(name)"), "a call on this may be any class's");
    assertThrows(BadInput.class, () -> HitConditions.check("name.substring(1).isEmpty()"));
  }

  @Test
  void comparingWithAStringLiteralByIdentityIsRefusedWithTheWayOut() {
    BadInput e = assertThrows(BadInput.class, () -> HitConditions.check("count > 2 && name == \"region\""));
    assertEquals(HitConditions.NO_LITERAL_IDENTITY, e.getMessage());
    assertThrows(BadInput.class, () -> HitConditions.check("\"region\" != name"));
    assertEquals("name == null", HitConditions.check("name == null"));
    assertEquals("name == other", HitConditions.check("name == other"));
  }
}
