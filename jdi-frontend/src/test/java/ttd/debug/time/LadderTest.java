package ttd.debug.time;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.MethodBreakpoint;
import ttd.debug.requests.Motion;

/** Where the ladder places its rungs, given where a motion's replay was every 20 ms. */
class LadderTest {

  private static final long MS = 1_000_000L;
  private static final Motion RUN = Motion.run(List.of(new MethodBreakpoint("app.Main", "report")));

  /** No launcher and no room for parked JVMs: the ladder's placement alone. */
  private final Pool pool = new Pool(null, 0, 0, 1);
  private final Ladder ladder = new Ladder(pool, 600 * MS, 3, 6, 2);

  @AfterEach
  void close() {
    pool.close();
  }

  /** 3 s of running in which event 5 is the only one after the first 20 ms: one long stretch. */
  private static List<long[]> oneLongStretch() {
    List<long[]> samples = new ArrayList<>();
    for (long ms = 20; ms <= 3000; ms += 20) {
      samples.add(ms < 40 ? new long[] {ms * MS, 4, 0} : new long[] {ms * MS, 5, ms * 1000});
    }
    return samples;
  }

  @Test
  void aLongStretchWithoutEventsGetsRungsAtTicksSpacedByReplayTime() {
    ladder.ranThrough(List.of(), RUN, oneLongStretch(), 0, Position.START, 3000 * MS, new Position(5, 3_000_001, false));
    List<Position> at = new ArrayList<>();
    for (Rung r : ladder.rungs()) {
      at.add(r.position());
    }
    assertEquals(List.of(new Position(0, 0, false), new Position(5, 2_400_000, false), new Position(5, 1_800_000, false),
        new Position(5, 600_000, false)), at, "the first event, then 600 ms, 1.2 s and 2.4 s back from the end");
    assertEquals(2400 * MS, ladder.rungs().get(1).runNanos());
  }

  @Test
  void aLongerMotionGetsItsRungsUpToEightSpacingsBack() {
    Ladder four = new Ladder(pool, 100 * MS, 4, 6, 2);
    four.ranThrough(List.of(), RUN, oneLongStretch(), 0, Position.START, 3000 * MS, new Position(5, 3_000_001, false));
    List<Long> back = new ArrayList<>();
    for (Rung r : four.rungs().subList(1, four.rungs().size())) {
      back.add((3000 * MS - r.runNanos()) / MS);
    }
    assertEquals(List.of(100L, 200L, 400L, 800L), back, "each rung twice as far back as the one before");
  }

  @Test
  void aPrimedRungAtTheFirstEventServesEveryRunsFirstEventRungButNoRunItself() {
    ladder.prime();
    ladder.prime();
    assertEquals(1, ladder.rungs().size(), "primed once");
    Rung primed = ladder.rungs().get(0);
    assertEquals(new Position(0, 0, false), primed.position());
    assertTrue(ladder.primed(primed));
    ladder.ranThrough(List.of(), RUN, oneLongStretch(), 0, Position.START, 3000 * MS, new Position(5, 3_000_001, false));
    Rung firstEvent = ladder.rungs().get(1);
    assertEquals(new Position(0, 0, false), firstEvent.position(), "the run's own rung at the first event");
    assertFalse(ladder.primed(firstEvent));
    assertTrue(ladder.on(firstEvent.path()).contains(primed), "a JVM primed there can take the run's first-event rung");
    assertTrue(ladder.on(List.of(Motion.pause(5, 0, RUN))).contains(primed), "and go on to a landing after it");
    assertFalse(ladder.on(List.of(RUN)).contains(primed), "but a run may stop before the first event");
  }

  @Test
  void aReplacementComesFromRungsBeforeItOrThePrimedOneNeverFromAnotherAtItsPlace() {
    Ladder ladder = new Ladder(pool, 600 * MS, 3, 10, 2);
    ladder.prime();
    Rung primed = ladder.rungs().get(0);
    ladder.ranThrough(List.of(), RUN, oneLongStretch(), 0, Position.START, 3000 * MS, new Position(5, 3_000_001, false));
    Motion other = Motion.run(List.of(new MethodBreakpoint("app.Main", "other")));
    ladder.ranThrough(List.of(), other, oneLongStretch(), 0, Position.START, 3000 * MS, new Position(5, 3_000_001, false));
    List<Rung> rungs = ladder.rungs();
    Rung firstEvent = rungs.get(1);
    Rung nearest = rungs.get(2);
    Rung otherFirst = rungs.get(5);
    assertEquals(List.of(RUN, RUN, RUN, RUN), List.of(firstEvent.within(), nearest.within(), rungs.get(3).within(), rungs.get(4).within()));
    assertEquals(new Position(0, 0, false), otherFirst.position(), "the other run's first-event rung");
    assertEquals(List.of(), ladder.sources(primed), "the primed rung starts its JVMs afresh");
    assertEquals(List.of(primed), ladder.sources(firstEvent), "not from the other run's first-event rung, which would take them back");
    assertEquals(List.of(primed), ladder.sources(otherFirst));
    List<Position> from = new ArrayList<>();
    for (Rung r : ladder.sources(nearest)) {
      from.add(r.position());
    }
    Position p18 = new Position(5, 1_800_000, false);
    Position p06 = new Position(5, 600_000, false);
    Position first = new Position(0, 0, false);
    assertEquals(List.of(p18, p18, p06, p06, first, first, first), from, "the nearest below first, whichever run placed it");
  }

  @Test
  void withoutALadderNothingIsPrimed() {
    Ladder none = new Ladder(pool, 0, 3, 6, 2);
    none.prime();
    assertEquals(List.of(), none.rungs());
  }

  @Test
  void samplesAreTakenOftenEnoughForTheSpacingButNotMoreThanFiftyTimesASecond() {
    assertEquals(60 * MS, ladder.sampleNanos());
    assertEquals(20 * MS, new Ladder(pool, 40 * MS, 3, 6, 2).sampleNanos());
    assertEquals(0, new Ladder(pool, 0, 3, 6, 2).sampleNanos(), "no ladder, no samples");
  }

  @Test
  void rungsLieStrictlyAfterWhereTheMotionStarted() {
    Motion cont = Motion.run(List.of());
    ladder.ranThrough(List.of(RUN), cont, oneLongStretch(), 0, new Position(5, 2_400_000, false), 3000 * MS, new Position(5, 3_000_001, false));
    for (Rung r : ladder.rungs()) {
      assertEquals(true, new Position(5, 2_400_000, false).before(r.position()), "a pause at " + r.position() + " was already passed");
    }
    assertEquals(0, ladder.rungs().size(), "the samples after its start lie less than 600 ms before its end");
  }

  @Test
  void aGotosRungsLieBeforeItsTarget() {
    Motion go = Motion.gotoPosition(5, 2_000_000);
    ladder.ranThrough(List.of(), go, oneLongStretch(), 0, Position.START, 3000 * MS, new Position(5, 2_000_000, false));
    for (Rung r : ladder.rungs()) {
      assertEquals(true, r.position().before(go.position()), r.position() + " is not before the goto's target");
    }
    assertEquals(new Position(5, 1_980_000, false), ladder.rungs().get(1).position(), "the last sample before the target, as the run reached 2.4 s");
  }

  @Test
  void aRunThatEndedPlacesRungsUpToItsLastSample() {
    ladder.ranThrough(List.of(), RUN, oneLongStretch(), 0, Position.START, 3000 * MS, new Position(5, 0, true));
    assertEquals(4, ladder.rungs().size());
  }

  @Test
  void rungsSpacedByTicksLieWherePositionsAloneSayAcrossEventsAndNotBeforeTheMotionsStart() {
    Ladder byTicks = new Ladder(pool, 0, 1000, 4, 6, 2);
    java.util.Map<Long, Long> stretches = java.util.Map.of(41L, 1500L, 40L, 90_000L);
    byTicks.ranThrough(List.of(), RUN, Position.START, new Position(42, 700, false), e -> stretches.getOrDefault(e, -1L), 5 * MS);
    List<Position> at = new ArrayList<>();
    for (Rung r : byTicks.rungs()) {
      at.add(r.position());
    }
    assertEquals(List.of(new Position(0, 0, false), new Position(41, 1201, false), new Position(41, 201, false),
        new Position(40, 88_202, false), new Position(40, 84_202, false)), at,
        "the first event, then 1000, 2000, 4000 and 8000 ticks back, through the stretches before event 42");

    Ladder cont = new Ladder(pool, 0, 1000, 4, 6, 2);
    cont.ranThrough(List.of(RUN), Motion.run(List.of()), new Position(41, 0, false), new Position(42, 700, false),
        e -> stretches.getOrDefault(e, -1L), 5 * MS);
    assertEquals(List.of(new Position(41, 1201, false), new Position(41, 201, false)), cont.rungs().stream().map(Rung::position).toList(),
        "only the rungs after where the motion started");
  }
  @Test
  void aSpareForTheEndOfAHistoryIsParkedThereOnceHoweverOftenItIsAsked() throws Exception {
    Pool roomy = new Pool(null, 0, 4, 1);
    CountDownLatch busy = new CountDownLatch(1);
    CountDownLatch free = new CountDownLatch(1);
    try {
      roomy.parkCopies(List.of(RUN), List.of(), 1, (path, origin) -> {
        busy.countDown();
        try {
          free.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new IllegalStateException("no JVM in this test");
      });
      assertTrue(busy.await(10, TimeUnit.SECONDS), "the one builder is taken");
      Ladder spares = new Ladder(roomy, 600 * MS, 3, 6, 2);
      List<Motion> history = List.of(RUN, Motion.pause(5, 7, RUN));
      spares.spare(history, List.of());
      spares.spare(history, List.of());
      assertArrayEquals(new int[] {0, 1}, roomy.count(history), "one JVM on its way to the stop, however often the console was perturbed there");
    } finally {
      free.countDown();
      roomy.close();
    }
  }
}
