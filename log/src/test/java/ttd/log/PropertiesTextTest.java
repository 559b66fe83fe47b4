package ttd.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PropertiesTextTest {

  @Test
  void propertiesLoadReadsBackEveryKeyAndValueAsWritten() throws IOException {
    Map<String, String> values = new TreeMap<>();
    values.put("main.args.0", " leading space, trailing space ");
    values.put("key with = and : and spaces", "#not a comment!");
    values.put("path", "C:\\work\\récord\tтест\n€ ✓");
    values.put("empty", "");
    values.put("!bang", "line\r\nbreaks\f");
    byte[] text = PropertiesText.of("ttd recording", values);

    Properties p = new Properties();
    p.load(new ByteArrayInputStream(text));
    Map<String, String> back = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> back.put(k, p.getProperty(k)));
    assertEquals(values, back);
  }

  @Test
  void theTextCarriesNoDateStampAndIsAscii() {
    String text = new String(PropertiesText.of("ttd recording", Map.of("a", "é")), StandardCharsets.ISO_8859_1);
    assertEquals("#ttd recording\na=\\u00e9\n", text);
    assertFalse(text.chars().anyMatch(c -> c > 0x7e));
  }
}
