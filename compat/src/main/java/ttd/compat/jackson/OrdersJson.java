package ttd.compat.jackson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/** Orders with UUIDs, instants and money as records, written to a JSON file, read back, queried as a tree. */
public class OrdersJson {
  public record Line(String sku, int qty, BigDecimal price) {}

  public record Order(UUID id, Instant placed, String customer, List<Line> lines, Map<String, String> tags) {}

  public static void main(String[] args) throws Exception {
    ObjectMapper mapper = new ObjectMapper().registerModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    Random random = new Random();
    List<Order> orders = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      List<Line> lines = new ArrayList<>();
      for (int l = 0; l <= random.nextInt(4); l++) {
        lines.add(new Line("SKU-" + random.nextInt(90), 1 + random.nextInt(5),
            BigDecimal.valueOf(random.nextInt(10_000), 2)));
      }
      Map<String, String> tags = new HashMap<>();
      tags.put("channel", random.nextBoolean() ? "web" : "store");
      tags.put("trace", UUID.randomUUID().toString().substring(0, 8));
      orders.add(new Order(UUID.randomUUID(), Instant.now(), "c" + random.nextInt(40), lines, tags));
    }
    Path file = Files.createTempFile("orders", ".json");
    mapper.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), orders);
    System.out.println("bytes " + Files.size(file));
    JsonNode tree = mapper.readTree(file.toFile());
    Map<String, BigDecimal> perCustomer = new HashMap<>();
    for (JsonNode order : tree) {
      BigDecimal total = BigDecimal.ZERO;
      for (JsonNode line : order.get("lines")) {
        total = total.add(line.get("price").decimalValue().multiply(BigDecimal.valueOf(line.get("qty").asInt())));
      }
      perCustomer.merge(order.get("customer").asText(), total, BigDecimal::add);
    }
    System.out.println("customers " + perCustomer);
    Order[] back = mapper.readValue(file.toFile(), Order[].class);
    System.out.println("first " + back[0]);
    System.out.println("last " + mapper.writeValueAsString(back[back.length - 1]));
    ObjectNode summary = mapper.createObjectNode();
    summary.put("count", back.length);
    summary.put("average", perCustomer.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add)
        .divide(BigDecimal.valueOf(back.length), 2, RoundingMode.HALF_UP));
    summary.put("at", Instant.now().toString());
    System.out.println(summary);
    Files.delete(file);
  }
}
