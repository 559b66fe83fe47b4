package ttd.compat.lucene;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/** The way most Lucene users start: {@code FSDirectory.open} (the platform's default directory). */
public class DefaultDirectorySearch {
  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("lucene-default");
    Random random = new Random();
    String[] colours = {"red", "green", "blue", "amber", "violet"};
    try (Directory directory = FSDirectory.open(dir)) {
      System.out.println("directory " + directory.getClass().getSimpleName());
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(new StandardAnalyzer()))) {
        for (int i = 0; i < 300; i++) {
          Document doc = new Document();
          String colour = colours[random.nextInt(colours.length)];
          doc.add(new StringField("colour", colour, Field.Store.YES));
          doc.add(new IntPoint("size", random.nextInt(100)));
          doc.add(new TextField("name", "item " + i + " " + colour + " " + Long.toHexString(random.nextLong()), Field.Store.YES));
          writer.addDocument(doc);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        for (String colour : colours) {
          BooleanQuery q = new BooleanQuery.Builder()
              .add(new TermQuery(new Term("colour", colour)), BooleanClause.Occur.MUST)
              .add(IntPoint.newRangeQuery("size", 0, 49), BooleanClause.Occur.FILTER)
              .build();
          TopDocs top = searcher.search(q, 2);
          StringBuilder line = new StringBuilder(colour + " " + top.totalHits.value);
          for (ScoreDoc sd : top.scoreDocs) {
            line.append(" | ").append(searcher.storedFields().document(sd.doc).get("name"));
          }
          System.out.println(line);
        }
      }
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
