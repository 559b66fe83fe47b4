package ttd.compat.logback;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Logback configured from an XML file the program writes: a console appender and a size-rolling
 * file appender with an async wrapper; several threads log, then the program lists and reads its
 * log files.
 */
public class RollingFileLogging {
  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("logback");
    Path config = dir.resolve("logback-app.xml");
    Files.writeString(config, String.join("\n",
        "<configuration>",
        "  <appender name='out' class='ch.qos.logback.core.ConsoleAppender'>",
        "    <encoder><pattern>%d{HH:mm:ss.SSS} [%thread] %-5level %logger{0} %X{user} - %msg%n</pattern></encoder>",
        "  </appender>",
        "  <appender name='file' class='ch.qos.logback.core.rolling.RollingFileAppender'>",
        "    <file>" + dir + "/app.log</file>",
        "    <rollingPolicy class='ch.qos.logback.core.rolling.FixedWindowRollingPolicy'>",
        "      <fileNamePattern>" + dir + "/app.%i.log</fileNamePattern><minIndex>1</minIndex><maxIndex>3</maxIndex>",
        "    </rollingPolicy>",
        "    <triggeringPolicy class='ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy'><maxFileSize>8KB</maxFileSize></triggeringPolicy>",
        "    <encoder><pattern>%d{ISO8601} %relative [%thread] %level %logger - %msg%n</pattern></encoder>",
        "  </appender>",
        "  <appender name='async' class='ch.qos.logback.classic.AsyncAppender'><appender-ref ref='file'/></appender>",
        "  <logger name='audit' level='INFO'><appender-ref ref='out'/></logger>",
        "  <root level='DEBUG'><appender-ref ref='async'/></root>",
        "</configuration>"));
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    context.reset();
    JoranConfigurator configurator = new JoranConfigurator();
    configurator.setContext(context);
    configurator.doConfigure(config.toFile());
    Logger audit = LoggerFactory.getLogger("audit");
    Logger app = LoggerFactory.getLogger(RollingFileLogging.class);
    Thread[] workers = new Thread[3];
    for (int t = 0; t < workers.length; t++) {
      String user = "user" + t;
      workers[t] = new Thread(() -> {
        MDC.put("user", user);
        for (int i = 0; i < 120; i++) {
          app.debug("{} item {} weight {}", user, i, Math.random());
          if (i % 40 == 0) {
            audit.info("checkpoint {} at {}", i, System.currentTimeMillis());
          }
        }
      }, "worker-" + t);
      workers[t].start();
    }
    for (Thread w : workers) {
      w.join();
    }
    context.stop();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        System.out.println(f.getFileName() + " " + Files.size(f) + " " + Files.readAllLines(f).size());
        Files.delete(f);
      }
    }
    Files.delete(dir);
  }
}
