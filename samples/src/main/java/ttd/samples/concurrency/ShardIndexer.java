package ttd.samples.concurrency;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A word indexer with one {@code Thread} subclass per shard of documents, joined through its own
 * type ({@code shard.join()}); each shard pauses between documents ({@code sleep}, {@code yield}
 * inside the subclass). The shards count words in one shared {@code HashMap} without a lock (the
 * bug): a word two shards count at once can lose a count, so the index may come out short of the
 * words read.
 */
public final class ShardIndexer {

  private static final String[] DOCUMENTS = {
    "the quick brown fox jumps over the lazy dog",
    "a lazy afternoon by the river with the dog",
    "quick thinking saves the day for the fox",
    "the river runs over the stones by the mill",
    "brown leaves fall on the quiet river bank",
    "the dog and the fox share the quiet bank",
  };

  private ShardIndexer() {}

  /** One shard: indexes its documents into the shared counts, pausing after each. */
  static final class Shard extends Thread {
    private final List<String> documents;
    private final Map<String, Integer> counts;
    private final List<String> progress;
    int wordsRead;

    Shard(int number, List<String> documents, Map<String, Integer> counts, List<String> progress) {
      super("shard-" + number);
      this.documents = documents;
      this.counts = counts;
      this.progress = progress;
    }

    @Override
    public void run() {
      for (String document : documents) {
        for (String word : document.split(" ")) {
          Integer seen = counts.get(word);
          counts.put(word, seen == null ? 1 : seen + 1);
          wordsRead++;
        }
        synchronized (progress) {
          progress.add(getName() + " indexed \"" + document.substring(0, 12) + "\"");
        }
        try {
          sleep(2);
        } catch (InterruptedException e) {
          return;
        }
        Shard.yield();
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Map<String, Integer> counts = new HashMap<>();
    List<String> progress = new ArrayList<>();
    List<Shard> shards = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      List<String> mine = List.of(DOCUMENTS[2 * i], DOCUMENTS[2 * i + 1]);
      Shard shard = new Shard(i + 1, mine, counts, progress);
      shards.add(shard);
      shard.start();
    }
    int read = 0;
    for (Shard shard : shards) {
      if (shard == shards.get(shards.size() - 1)) {
        shard.join(60_000);
      } else {
        shard.join();
      }
      read += shard.wordsRead;
    }
    progress.forEach(System.out::println);
    int indexed = counts.values().stream().mapToInt(Integer::intValue).sum();
    System.out.println("words read: " + read + ", words indexed: " + indexed);
    if (indexed != read) {
      System.out.println("LOST " + (read - indexed) + " word counts");
    }
    System.out.println("index: " + new TreeMap<>(counts));
  }
}
