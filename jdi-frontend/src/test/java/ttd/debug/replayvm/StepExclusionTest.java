package ttd.debug.replayvm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StepExclusionTest {

  @Test
  void theJdkTtdAndItsLibrariesArePassedOver() {
    for (String pattern : Target.STEP_EXCLUDES) {
      String name = pattern.substring(0, pattern.length() - 1) + "Some";
      assertTrue(Target.stepExcluded(name), name);
    }
  }

  @Test
  void classesTheJvmGeneratesForLambdasAndHiddenClassesArePassedOver() {
    assertTrue(Target.stepExcluded("shop.Checkout$$Lambda$14/0x0000000800c03000"));
    assertTrue(Target.stepExcluded("shop.Checkout$$Lambda/0x000071a2c8003a18"));
    assertTrue(Target.stepExcluded("shop.Proxy/0x0000000801001234"));
  }

  @Test
  void theProgramsOwnClassesAreStoppedIn() {
    assertFalse(Target.stepExcluded("shop.Checkout"));
    assertFalse(Target.stepExcluded("shop.Checkout$Line"));
    assertFalse(Target.stepExcluded("javaish.Tool"));
    assertFalse(Target.stepExcluded("ttdemo.Main"));
  }
}
