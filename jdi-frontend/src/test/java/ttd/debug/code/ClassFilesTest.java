package ttd.debug.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ClassFilesTest {

  @Test
  void aLineHasCodeInItsClassOrInAClassNestedInItAndABlankLineHasNone() throws URISyntaxException {
    Path classes = Path.of(LineFixture.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ClassFiles files = new ClassFiles(classes.toString(), Path.of("/"), null);
    String fixture = LineFixture.class.getName();
    assertEquals(true, files.hasCodeAt(fixture, 7));
    assertEquals(true, files.hasCodeAt(fixture, 12), "the anonymous class's line, in its own class file");
    assertEquals(false, files.hasCodeAt(fixture, 8), "a blank line");
    assertEquals(false, files.hasCodeAt(fixture, 100));
    assertNull(files.hasCodeAt("ttd.debug.code.NoSuchClass", 7), "no class file: not known");
  }
}
