package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CallSitesTest {

  @Test
  void afterTheStartUpSitesTakeIdsAboveThePacksOnes() {
    int startUp = CallSites.register("ttd.fixture.Boot.run(Boot.java:1)", false);
    int packed = CallSites.PROGRAM + 40;
    CallSites.programRange(packed);
    int fresh = CallSites.register("ttd.fixture.Later.run(Later.java:1)", false);

    assertTrue(fresh > packed && fresh > startUp, "fresh id " + fresh);
    assertTrue(CallSites.registerAgain(List.of(new ClassEffects.Site(packed, "ttd.fixture.Packed.run(Packed.java:1)", true))));
    assertEquals("ttd.fixture.Packed.run(Packed.java:1)", CallSites.name(packed));
    assertTrue(CallSites.seedsRandomness(packed));
    assertFalse(CallSites.registered(packed - 1), "ids between the ranges name no site");
    assertEquals("(unknown call site " + (packed - 1) + ")", CallSites.name(packed - 1));
    assertEquals("(no call site)", CallSites.name(0));
  }

  @Test
  void listsAPackedIdRegisteredAfterAFreshHigherOneInTheOrderTheyCame() {
    CallSites.programRange(CallSites.PROGRAM + 500);
    int fresh = CallSites.register("ttd.fixture.Fresh.run(Fresh.java:3)", false);
    int packed = CallSites.PROGRAM + 450;
    int before = CallSites.inOrder().length;
    assertTrue(CallSites.registerAgain(List.of(new ClassEffects.Site(packed, "ttd.fixture.Old.run(Old.java:5)", false))));
    assertTrue(CallSites.registerAgain(List.of(new ClassEffects.Site(packed, "ttd.fixture.Old.run(Old.java:5)", false))),
        "the same site again");

    int[] order = CallSites.inOrder();
    assertEquals(before + 1, order.length, "a site registered twice is listed once");
    assertEquals(packed, order[order.length - 1]);
    assertEquals(fresh, order[order.length - 2]);
    assertTrue(packed < fresh);
  }
}
