package ttd.debug.time;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import ttd.debug.replayvm.Position;

/** A command that needs the index waits for it until it is built, or until Ctrl-C. */
class HitIndexTest {

  @Test
  void aWaitForTheIndexEndsWhenItIsBuilt() {
    HitIndex.Hits hits = new HitIndex.Hits(new Position[] {new Position(3, 0, false)}, new int[] {0});
    CompletableFuture<HitIndex.Hits> f = new CompletableFuture<>();
    CompletableFuture.delayedExecutor(120, TimeUnit.MILLISECONDS).execute(() -> f.complete(hits));
    assertSame(hits, HitIndex.waitFor(f, () -> false));
  }

  @Test
  void ctrlCEndsAWaitForAnIndexThatIsStillBeingBuilt() {
    CompletableFuture<HitIndex.Hits> never = new CompletableFuture<>();
    AtomicBoolean ctrlC = new AtomicBoolean();
    CompletableFuture.delayedExecutor(120, TimeUnit.MILLISECONDS).execute(() -> ctrlC.set(true));
    assertThrows(Interrupted.class, () -> HitIndex.waitFor(never, ctrlC::get));
  }
}
