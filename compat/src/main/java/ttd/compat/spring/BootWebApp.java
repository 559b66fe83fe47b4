package ttd.compat.spring;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/** A Spring Boot web application (embedded Tomcat, Jackson) started on port 0 and called by its own RestClient. */
@SpringBootApplication
@RestController
public class BootWebApp {
  public record Todo(String id, String title, Instant created, long sequence) {}

  private final Map<String, Todo> todos = new ConcurrentHashMap<>();
  private final AtomicLong sequence = new AtomicLong();

  @PostMapping("/todos")
  public Todo add(@RequestBody Map<String, String> body) {
    Todo todo = new Todo(UUID.randomUUID().toString(), body.get("title"), Instant.now(), sequence.incrementAndGet());
    todos.put(todo.id(), todo);
    return todo;
  }

  @GetMapping("/todos/{id}")
  public Todo get(@PathVariable String id) {
    return todos.get(id);
  }

  @GetMapping("/todos")
  public List<Todo> all() {
    return todos.values().stream().sorted((a, b) -> Long.compare(a.sequence(), b.sequence())).toList();
  }

  public static void main(String[] args) {
    SpringApplication app = new SpringApplication(BootWebApp.class);
    app.setDefaultProperties(Map.of("server.port", "0", "server.address", "127.0.0.1",
        "spring.main.banner-mode", "off", "logging.level.root", "WARN"));
    try (ConfigurableApplicationContext context = app.run(args)) {
      int port = ((WebServerApplicationContext) context).getWebServer().getPort();
      RestClient client = RestClient.create("http://127.0.0.1:" + port);
      for (String title : List.of("write corpus", "record it", "replay it", "triage")) {
        Todo t = client.post().uri("/todos").body(Map.of("title", title)).retrieve().body(Todo.class);
        System.out.println("created " + t);
      }
      String json = client.get().uri("/todos").retrieve().body(String.class);
      System.out.println("all " + json);
      System.out.println("beans " + context.getBeanDefinitionCount());
    }
    System.out.println("closed");
  }
}
