package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ttd.fixture.ClockUser;

/** The agent's one transformer takes the start's retransformed classes from the start's pack. */
class TtdTransformerTest {

  /** A JDK class's name for the fixture's bytes: the start retransforms JDK classes. */
  private static final String JDK_CLASS = "java/lang/Example";

  @TempDir Path cache;

  private final TtdTransformer transformer =
      new TtdTransformer(new ClassFileInstrumenter(null), TtdTransformerTest.class.getClassLoader().getParent(),
          new TtdTransformer.Listener() {
            @Override
            public void classLoaded(String name, int checksum) {}

            @Override
            public void instrumentationFailed(String className, Throwable error) {
              throw new AssertionError(className, error);
            }

            @Override
            public boolean enterAgent() {
              return false;
            }

            @Override
            public void leaveAgent(boolean previous) {}
          });

  @Test
  void theStartsRetransformationTakesItsClassesFromTheStartsPackAndNothingElseDoes() throws Exception {
    byte[] original = bytes(ClockUser.class);
    byte[] kept = {(byte) 0xCA, (byte) 0xFE, 1, 2};
    ClassPack made = ClassPack.openStart(cache, "/jdk", "17", false, true);
    made.add(JDK_CLASS, false, original, new ClassEffects(), kept);
    made.save();

    ClassPack start = ClassPack.openStart(cache, "/jdk", "17", false, false);
    byte[][] taken = new byte[1][];
    transformer.retransformFrom(start, () -> taken[0] = retransform(original));
    assertArrayEquals(kept, taken[0]);

    byte[] later = retransform(original);
    assertNotNull(later, "the fixture reads the clock: a retransformation after the start rewrites it");
    assertFalse(Arrays.equals(kept, later), "after the start, the start's pack is not read");
    byte[] loading = transformer.transform(null, null, JDK_CLASS, null, null, original);
    assertFalse(Arrays.equals(kept, loading), "a class loading for the first time is not the start's");
  }

  @Test
  void aStartThatRewroteAfreshWritesTheStartsPackAsTheRecordingEnds() throws Exception {
    byte[] original = bytes(ClockUser.class);
    ClassPack start = ClassPack.openStart(cache, "/jdk", "17", false, true);
    byte[][] rewritten = new byte[1][];
    transformer.retransformFrom(start, () -> rewritten[0] = retransform(original));
    try (Stream<Path> files = Files.list(cache)) {
      assertTrue(files.findAny().isEmpty(), "nothing written before the end");
    }
    transformer.savePack();

    ClassPack.Hit hit = ClassPack.openStart(cache, "/jdk", "17", false, false)
        .lookup(JDK_CLASS, false, original, TtdTransformerTest.class.getClassLoader());
    assertNotNull(hit);
    assertArrayEquals(rewritten[0], hit.bytes());
  }

  private byte[] retransform(byte[] original) {
    return transformer.transform(null, null, JDK_CLASS, ClockUser.class, null, original);
  }

  private static byte[] bytes(Class<?> c) throws IOException {
    String file = c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class";
    try (InputStream in = c.getResourceAsStream(file)) {
      return in.readAllBytes();
    }
  }
}
