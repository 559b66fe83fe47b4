package ttd.compat.csv;

import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/** Sales written as CSV with Commons CSV (quoting, a header), read back by header name and summed by region. */
public class CsvReport {
  public static void main(String[] args) throws Exception {
    Path file = Files.createTempFile("sales", ".csv");
    Random random = new Random();
    String[] regions = {"north", "south", "east, coast", "west \"old\""};
    CSVFormat format = CSVFormat.DEFAULT.builder().setHeader("when", "region", "amount", "note").setSkipHeaderRecord(true).get();
    try (Writer w = Files.newBufferedWriter(file); CSVPrinter printer = new CSVPrinter(w, CSVFormat.DEFAULT.builder()
        .setHeader("when", "region", "amount", "note").get())) {
      for (int i = 0; i < 1000; i++) {
        printer.printRecord(LocalDateTime.now(), regions[random.nextInt(regions.length)], random.nextInt(10_000) / 100.0,
            i % 97 == 0 ? "multi\nline" : "");
      }
    }
    Map<String, Double> totals = new TreeMap<>();
    String lastWhen = null;
    try (Reader r = Files.newBufferedReader(file)) {
      for (CSVRecord record : format.parse(r)) {
        totals.merge(record.get("region"), Double.parseDouble(record.get("amount")), Double::sum);
        lastWhen = record.get("when");
      }
    }
    totals.forEach((region, total) -> System.out.printf("%s %.2f%n", region, total));
    System.out.println("last " + lastWhen + " size " + Files.size(file));
    Files.delete(file);
  }
}
