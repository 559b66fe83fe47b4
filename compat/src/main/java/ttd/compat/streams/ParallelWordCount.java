package ttd.compat.streams;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Word counts and statistics with parallel streams over generated text (the common pool's workers). */
public class ParallelWordCount {
  public static void main(String[] args) {
    Random random = new Random();
    String[] vocabulary = new String[200];
    for (int i = 0; i < vocabulary.length; i++) {
      vocabulary[i] = Integer.toString(random.nextInt(1 << 20), 36);
    }
    List<String> words = IntStream.range(0, 200_000)
        .mapToObj(i -> vocabulary[(int) Math.abs(random.nextGaussian() * 40) % vocabulary.length]).toList();
    ConcurrentMap<String, Long> counts = words.parallelStream()
        .collect(Collectors.groupingByConcurrent(Function.identity(), Collectors.counting()));
    List<Map.Entry<String, Long>> top = counts.entrySet().parallelStream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(8).toList();
    System.out.println("distinct " + counts.size() + " top " + top);
    double mean = words.parallelStream().mapToInt(String::length).average().orElse(0);
    System.out.printf("mean length %.5f%n", mean);
    long threads = words.parallelStream().map(w -> Thread.currentThread().getName().startsWith("ForkJoinPool") ? "worker" : "caller")
        .distinct().count();
    System.out.println("kinds of threads " + threads);
    System.out.println("sum " + IntStream.rangeClosed(1, 1_000_000).parallel().mapToLong(i -> (long) i * (i % 7)).sum());
  }
}
