package ttd.compat.lucene;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.UUID;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.NIOFSDirectory;

/** Indexes generated articles into an {@link NIOFSDirectory} in a temp dir and searches them. */
public class IndexAndSearch {
  private static final String[] WORDS = {
    "replay", "record", "thread", "clock", "socket", "lucene", "index", "search", "java", "debug",
    "random", "queue", "latency", "buffer", "segment", "merge", "commit", "query", "score", "field"
  };

  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("lucene-nio");
    Random random = new Random();
    long now = System.currentTimeMillis();
    try (Directory directory = new NIOFSDirectory(dir)) {
      IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer());
      config.setMaxBufferedDocs(50);
      try (IndexWriter writer = new IndexWriter(directory, config)) {
        for (int i = 0; i < 400; i++) {
          Document doc = new Document();
          doc.add(new StringField("id", UUID.randomUUID().toString(), Field.Store.YES));
          StringBuilder body = new StringBuilder();
          for (int w = 0; w < 30; w++) {
            body.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
          }
          doc.add(new TextField("body", body.toString(), Field.Store.NO));
          long published = now - random.nextInt(86_400_000);
          doc.add(new LongPoint("published", published));
          doc.add(new NumericDocValuesField("published", published));
          doc.add(new StoredField("published", published));
          writer.addDocument(doc);
          if (i % 150 == 149) {
            writer.commit();
          }
        }
        writer.forceMerge(2);
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        Query query = new QueryParser("body", new StandardAnalyzer()).parse("replay AND (thread OR clock) -socket");
        TopDocs top = searcher.search(query, 5);
        System.out.println("hits " + top.totalHits);
        for (ScoreDoc sd : top.scoreDocs) {
          Document d = searcher.storedFields().document(sd.doc);
          System.out.printf("%s %.4f %d%n", d.get("id"), sd.score, d.getField("published").numericValue().longValue());
        }
        TopDocs recent = searcher.search(LongPoint.newRangeQuery("published", now - 3_600_000, now), 3,
            new Sort(new SortField("published", SortField.Type.LONG, true)));
        System.out.println("last hour " + recent.totalHits);
        System.out.println("segments " + reader.leaves().size() + " docs " + reader.numDocs());
      }
      String[] files = directory.listAll();
      System.out.println("files " + String.join(",", files));
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
