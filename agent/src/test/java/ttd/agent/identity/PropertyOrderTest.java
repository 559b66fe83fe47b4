package ttd.agent.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PropertyOrderTest {

  @Test
  void propertiesThatWentInInAnotherOrderIterateAlikeOnceLaid() {
    Properties saved = System.getProperties();
    try {
      Map<String, String> values = new TreeMap<>();
      for (int i = 0; i < 60; i++) {
        values.put("app.setting." + i, "v" + i);
      }
      Properties ascending = new Properties();
      values.forEach(ascending::setProperty);
      Properties grownThenShrunk = new Properties();
      for (int i = 0; i < 200; i++) {
        grownThenShrunk.setProperty("scratch." + i, "x");
      }
      new TreeMap<>(values).descendingMap().forEach(grownThenShrunk::setProperty);
      for (int i = 0; i < 200; i++) {
        grownThenShrunk.remove("scratch." + i);
      }
      assertNotEquals(
          String.valueOf(ascending.keySet()), String.valueOf(grownThenShrunk.keySet()), "the two tables already iterate alike");

      System.setProperties(ascending);
      PropertyOrder.lay(PropertyOrder.current());
      String first = String.valueOf(System.getProperties().keySet());
      System.setProperties(grownThenShrunk);
      PropertyOrder.lay(PropertyOrder.current());

      assertEquals(first, String.valueOf(System.getProperties().keySet()));
      assertEquals(values, PropertyOrder.current());
    } finally {
      System.setProperties(saved);
    }
  }
}
