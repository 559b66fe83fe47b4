package ttd.debug.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class StringMethodsTest {

  @Test
  void answersAsTheJdksStringDoes() {
    assertEquals(true, StringMethods.answer("equals", "region", List.of("region")));
    assertEquals(false, StringMethods.answer("equals", "region", Arrays.asList((String) null)));
    assertEquals(true, StringMethods.answer("equalsIgnoreCase", "Region", List.of("rEGION")));
    assertEquals(6, StringMethods.answer("length", "region", List.of()));
    assertEquals(true, StringMethods.answer("isEmpty", "", List.of()));
    assertEquals(true, StringMethods.answer("isBlank", " \t", List.of()));
    assertEquals(true, StringMethods.answer("startsWith", "region", List.of("reg")));
    assertEquals(false, StringMethods.answer("endsWith", "region", List.of("reg")));
    assertEquals(true, StringMethods.answer("contains", "region", List.of("gio")));
  }

  @Test
  void aNullWhereTheJdkThrowsThrowsAsTheJdkDoes() {
    assertThrows(NullPointerException.class,
        () -> StringMethods.answer("startsWith", "region", Arrays.asList((String) null)));
  }

  @Test
  void onlyItsMethodsWithTheirArityAreComputed() {
    assertTrue(StringMethods.computes("equals", 1));
    assertFalse(StringMethods.computes("equals", 2));
    assertFalse(StringMethods.computes("substring", 1), "it makes a string, which only the replay can");
    assertFalse(StringMethods.computes("hashCode", 0));
  }

  @Test
  void theirNamesReadAsAList() {
    assertEquals("contains, endsWith, equals, equalsIgnoreCase, isBlank, isEmpty, length and startsWith", StringMethods.names());
  }
}
