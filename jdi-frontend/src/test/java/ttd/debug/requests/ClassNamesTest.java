package ttd.debug.requests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClassNamesTest {

  @Test
  void aSimpleNameMatchesInAnyPackageAndABinaryNameOnlyItself() {
    assertTrue(ClassNames.matches("Cart", "shop.Cart"));
    assertTrue(ClassNames.matches("Cart$Line", "shop.Cart$Line"));
    assertTrue(ClassNames.matches("shop.Cart", "shop.Cart"));
    assertFalse(ClassNames.matches("Cart", "shop.MyCart"));
    assertFalse(ClassNames.matches("shop.Cart", "other.shop.Cart"));
  }

  @Test
  void aDeferredSpecWaitsForTheClassItNames() {
    assertArrayEquals(new String[] {"Cart", "*.Cart"}, ClassNames.patterns("Cart"));
    assertArrayEquals(new String[] {"shop.Cart"}, ClassNames.patterns("shop.Cart"));
    assertArrayEquals(new String[] {"shop.Cart", "shop.Cart$*"}, new LineBreakpoint("shop.Cart", 4).preparePatterns());
  }

  @Test
  void classNamesAreJavaNames() {
    assertTrue(ClassNames.valid("shop.Cart$Line"));
    assertFalse(ClassNames.valid("shop..Cart"));
    assertFalse(ClassNames.valid("Cart:42"));
    assertFalse(ClassNames.valid(""));
  }
}
