package ttd.agent.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import ttd.log.PathDecoder;
import ttd.log.PathEncoder;
import ttd.runtime.AgentGuard;
import ttd.runtime.PathTrace;

class PathCheckerTest {

  private static final int MAIN = PathIds.method("shop/Checkout", "main", "([Ljava/lang/String;)V", "Checkout.java");
  private static final int TOTAL = PathIds.method("shop/Cart", "total", "()J", "Cart.java");
  private static final int PRICE = PathIds.method("shop/Cart", "price", "(I)J", "Cart.java");
  private static final int DISCOUNT = PathIds.method("shop/Cart", "discount", "(J)J", "Cart.java");
  private static final int ADD =
      PathIds.jdkCall("shop/Cart.total()J", 0, "java/util/List", "add", "(Ljava/lang/Object;)Z", "Cart.java", 17);

  private PathSplit split;

  @Test
  void aReplayThatTakesTheRecordedStepsPasses() {
    Consumer<PathTrace> run = p -> {
      p.event();
      p.enter(MAIN);
      p.enter(TOTAL);
      for (int i = 0; i < 3; i++) {
        p.loop();
        p.enter(PRICE);
        p.jdkCall(ADD);
        p.exit(PRICE);
      }
      p.exit(TOTAL);
      p.event();
    };
    PathChecker checker = replay(record(run), run);
    assertNull(split, () -> "a faithful replay was stopped: " + split);
    assertTrue(checker.checking(), "the recorded path is not used up");
  }

  @Test
  void aReplayThatLoopsOnceMoreIsStoppedAtThatBackEdge() {
    replay(record(loops(3)), loops(4));
    assertEquals("jumped back in a loop of shop.Cart.total(Cart.java)", split.replayDid());
    assertEquals("returned", split.recordingDid());
    assertEquals(List.of("shop.Cart.total(Cart.java)", "shop.Checkout.main(Checkout.java)"), split.recordedStack());
  }

  @Test
  void aReplayThatEntersAnotherMethodNamesBothStepsAndTheRecordedStack() {
    Consumer<PathTrace> recorded = p -> {
      p.enter(MAIN);
      p.enter(TOTAL);
      p.jdkCall(ADD);
      p.enter(PRICE);
    };
    Consumer<PathTrace> replayed = p -> {
      p.enter(MAIN);
      p.enter(TOTAL);
      p.jdkCall(ADD);
      p.enter(DISCOUNT);
    };
    replay(record(recorded), replayed);
    assertEquals("entered shop.Cart.discount(Cart.java)", split.replayDid());
    assertEquals("entered shop.Cart.price(Cart.java)", split.recordingDid());
    assertTrue(split.replayEntered());
    assertEquals(
        List.of("shop.Cart.total(Cart.java), its last JDK call: java.util.List.add (Cart.java:17)",
            "shop.Checkout.main(Checkout.java)"),
        split.recordedStack());
    assertEquals(List.of("entered shop.Checkout.main(Checkout.java)", "entered shop.Cart.total(Cart.java)",
        "called java.util.List.add (Cart.java:17)"), split.before());
  }

  @Test
  void aReplayThatComesToAnEventEarlierIsStoppedThere() {
    replay(record(p -> { p.enter(MAIN); p.jdkCall(ADD); p.event(); }), p -> { p.enter(MAIN); p.event(); });
    assertEquals("reached its next event", split.replayDid());
    assertEquals("called java.util.List.add (Cart.java:17)", split.recordingDid());
    assertFalse(split.recordingAtEvent());
  }

  @Test
  void aReplayThatSkipsAnEventTheRecordingLoggedIsStoppedAtItsNextStep() {
    replay(record(p -> { p.enter(MAIN); p.event(); p.enter(TOTAL); }), p -> { p.enter(MAIN); p.enter(TOTAL); });
    assertEquals("logged an event", split.recordingDid());
    assertTrue(split.recordingAtEvent());
  }

  @Test
  void framesAnExceptionLeftArePoppedAtTheNextReturnBelowThemOnBothSides() {
    Consumer<PathTrace> thrown = p -> {
      p.enter(MAIN);
      p.enter(TOTAL);
      p.enter(PRICE);
      p.enter(DISCOUNT); // throws through price and total into JDK code, caught there
      p.exit(MAIN);
      p.enter(MAIN);
    };
    replay(record(thrown), thrown);
    assertNull(split, () -> "" + split);
    Consumer<PathTrace> caught = p -> {
      p.enter(MAIN);
      p.enter(TOTAL);
      p.enter(PRICE);
      p.caught(MAIN);
      p.exit(MAIN);
    };
    replay(record(caught), caught);
    assertNull(split, () -> "" + split);
    // caught in total instead: one frame left where the recording left two and returned from main
    replay(record(caught), p -> { p.enter(MAIN); p.enter(TOTAL); p.enter(PRICE); p.caught(TOTAL); p.enter(PRICE); });
    assertEquals("returned from 3 methods (1 of 3 done)", split.recordingDid());
    assertEquals("entered shop.Cart.price(Cart.java)", split.replayDid());
    assertEquals(List.of("shop.Cart.total(Cart.java)", "shop.Checkout.main(Checkout.java)"), split.recordedStack());
  }

  @Test
  void framesLeftBehindForeverAreDroppedTheSameWayOnBothSides() {
    Consumer<PathTrace> pileUp = p -> {
      for (int i = 0; i < ShadowStack.MAX_FRAMES * 2; i++) {
        p.enter(PRICE); // thrown out of each time, into JDK code that catches it
      }
      p.exit(MAIN);
      p.enter(TOTAL);
      p.exit(TOTAL);
    };
    replay(record(pileUp), pileUp);
    assertNull(split, () -> "" + split);
  }

  @Test
  void recordedIdsAreMatchedToThisJvmsByName() {
    // the recording numbered its methods in another order: 900 and 901 stand for PRICE and TOTAL
    PathEncoder other = new PathEncoder(64, id -> PathIds.definition(id == 900 ? PRICE : TOTAL));
    other.id(PathEncoder.CALL, 901);
    other.id(PathEncoder.CALL, 900);
    other.close();
    replay(List.of(Arrays.copyOf(other.buffer(), other.size())), p -> { p.enter(TOTAL); p.enter(PRICE); });
    assertNull(split, () -> "" + split);
  }

  @Test
  void whenTheRecordedPathEndsCheckingStopsQuietly() {
    PathChecker checker = replay(record(p -> p.enter(MAIN)), p -> { p.enter(MAIN); p.enter(TOTAL); p.loop(); });
    assertNull(split, () -> "" + split);
    assertFalse(checker.checking());
  }

  @Test
  void chunksWrittenWhenFullReadBackAsOnePath() {
    Consumer<PathTrace> run = p -> { // an irregular path: repeat records cannot fold it
      Random choices = new Random(42);
      for (int i = 0; i < 100_000; i++) {
        int m = choices.nextBoolean() ? PRICE : DISCOUNT;
        p.enter(m);
        p.exit(m);
        if (choices.nextBoolean()) {
          p.loop();
        }
      }
    };
    List<byte[]> chunks = record(run);
    assertTrue(chunks.size() > 2, "the path should fill several chunks: " + chunks.size());
    replay(chunks, run);
    assertNull(split, () -> "" + split);
  }

  private static Consumer<PathTrace> loops(int turns) {
    return p -> {
      p.enter(MAIN);
      p.enter(TOTAL);
      for (int i = 0; i < turns; i++) {
        p.loop();
      }
      p.exit(TOTAL);
    };
  }

  private static List<byte[]> record(Consumer<PathTrace> steps) {
    List<byte[]> chunks = new java.util.ArrayList<>();
    PathRecorder recorder =
        new PathRecorder(0, new AgentGuard(), (ordinal, b, len) -> chunks.add(Arrays.copyOf(b, len)));
    steps.accept(recorder);
    recorder.flush();
    return chunks;
  }

  private PathChecker replay(List<byte[]> recorded, Consumer<PathTrace> steps) {
    split = null;
    Deque<byte[]> left = new ArrayDeque<>(recorded);
    PathChecker checker =
        new PathChecker(
            new AgentGuard(),
            () -> left.isEmpty() ? null : new PathDecoder(left.peek(), 0, left.pop().length),
            s -> split = s);
    steps.accept(checker);
    return checker;
  }
}
