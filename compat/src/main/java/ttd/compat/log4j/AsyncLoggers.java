package ttd.compat.log4j;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * All loggers asynchronous (the LMAX disruptor behind them), logging from a pool of workers to a
 * file; the program reads its log back once the context has stopped.
 */
public class AsyncLoggers {
  public static void main(String[] args) throws Exception {
    Path logDir = Files.createTempDirectory("log4j-async");
    System.setProperty("log4j2.contextSelector", "org.apache.logging.log4j.core.async.AsyncLoggerContextSelector");
    System.setProperty("log4j2.configurationFile", "ttd/compat/log4j/async-log4j2.xml");
    System.setProperty("logDir", logDir.toString());
    Logger log = LogManager.getLogger(AsyncLoggers.class);
    System.out.println("async " + org.apache.logging.log4j.core.async.AsyncLoggerContextSelector.isSelected());
    ExecutorService pool = Executors.newFixedThreadPool(3);
    for (int job = 0; job < 12; job++) {
      int id = job;
      pool.submit(() -> {
        ThreadContext.put("job", String.valueOf(id));
        for (int i = 0; i < 50; i++) {
          log.info("job {} step {} at {}", id, i, System.nanoTime() % 1000);
        }
        log.warn("job {} done", id);
        ThreadContext.clearMap();
      });
    }
    pool.shutdown();
    System.out.println("pool done " + pool.awaitTermination(30, TimeUnit.SECONDS));
    LogManager.shutdown();
    List<String> lines = Files.readAllLines(logDir.resolve("app.log"));
    System.out.println("logged " + lines.size());
    lines.stream().filter(l -> l.contains("WARN")).forEach(System.out::println);
    Files.delete(logDir.resolve("app.log"));
    Files.delete(logDir);
    System.out.println("stopped " + ((LoggerContext) LogManager.getContext(false)).isStopped());
  }
}
