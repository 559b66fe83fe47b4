package ttd.compat.gson;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.reflect.TypeToken;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** Telemetry events with dates, nested maps and sets, streamed to a file with Gson and parsed back. */
public class EventsJson {
  static class Event {
    String source;
    Date at;
    double value;
    Map<String, Integer> counters = new HashMap<>();
    Set<String> labels = new HashSet<>();
  }

  public static void main(String[] args) throws Exception {
    Gson gson = new GsonBuilder().setPrettyPrinting().setDateFormat("yyyy-MM-dd HH:mm:ss.SSS").create();
    Random random = new Random();
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      Event e = new Event();
      e.source = "sensor-" + random.nextInt(12);
      e.at = new Date();
      e.value = random.nextGaussian();
      for (int c = 0; c < 3; c++) {
        e.counters.merge("k" + random.nextInt(6), 1, Integer::sum);
        e.labels.add(Integer.toHexString(random.nextInt()));
      }
      events.add(e);
    }
    Path file = Files.createTempFile("events", ".json");
    try (Writer w = Files.newBufferedWriter(file)) {
      gson.toJson(events, w);
    }
    List<Event> back;
    try (Reader r = Files.newBufferedReader(file)) {
      back = gson.fromJson(r, new TypeToken<List<Event>>() {}.getType());
    }
    Map<String, Double> bySource = new HashMap<>();
    for (Event e : back) {
      bySource.merge(e.source, e.value, Double::sum);
    }
    System.out.println("events " + back.size() + " sources " + bySource);
    System.out.println("first " + gson.toJson(back.get(0)).replace('\n', ' '));
    JsonObject tree = JsonParser.parseString(Files.readString(file)).getAsJsonArray().get(back.size() - 1).getAsJsonObject();
    System.out.println("last labels " + tree.get("labels") + " at " + tree.get("at"));
    Files.delete(file);
  }
}
