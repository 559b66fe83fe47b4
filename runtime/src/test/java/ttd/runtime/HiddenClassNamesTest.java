package ttd.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Hidden classes are numbered by base name in the order they are named, with no address. */
class HiddenClassNamesTest {

  @Test
  void theAddressBecomesTheClassNumberAmongHiddenClassesOfItsBaseName() {
    assertEquals("a.Twenty5$$Lambda/0x0000000000000001", HiddenClassNames.named("a.Twenty5$$Lambda/0x00007f6948000a08"));
    assertEquals("a.Twenty5$$Lambda/0x0000000000000002", HiddenClassNames.named("a.Twenty5$$Lambda/0x000000005b040438"));
    assertEquals("a.Other$$Lambda/0x0000000000000001", HiddenClassNames.named("a.Other$$Lambda/0x000000005b040210"));
  }

  @Test
  void jdk17sLambdaCounterIsReplacedByTheNumberToo() {
    assertEquals("a.Seventeen$$Lambda$1/0x0000000000000001",
        HiddenClassNames.named("a.Seventeen$$Lambda$235/0x00007fc8a0009400"));
    assertEquals("a.Seventeen$$Lambda$2/0x0000000000000002",
        HiddenClassNames.named("a.Seventeen$$Lambda$236/0x00007fe9b0009620"));
  }

  @Test
  void theSixteenthClassOfABaseNameGetsAHexadecimalNumber() {
    String name = null;
    for (int i = 0; i < 16; i++) {
      name = HiddenClassNames.named("a.Many$$Lambda/0x00007f6948000a08");
    }
    assertEquals("a.Many$$Lambda/0x0000000000000010", name);
  }

  @Test
  void aNameWithoutAnAddressStaysAsItIs() {
    assertEquals("a.Plain", HiddenClassNames.named("a.Plain"));
    assertEquals("a.b/c", HiddenClassNames.named("a.b/c"));
  }
}
