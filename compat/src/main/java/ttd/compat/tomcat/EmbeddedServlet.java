package ttd.compat.tomcat;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/** Embedded Tomcat with one servlet and a session counter, on a loopback port, called by the JDK client. */
public class EmbeddedServlet {
  public static void main(String[] args) throws Exception {
    Path base = Files.createTempDirectory("tomcat");
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(base.toString());
    Connector connector = new Connector();
    connector.setPort(0);
    connector.setProperty("address", "127.0.0.1");
    tomcat.setConnector(connector);
    Context context = tomcat.addContext("", base.toString());
    AtomicInteger served = new AtomicInteger();
    Tomcat.addServlet(context, "greeter", new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Integer visits = (Integer) req.getSession().getAttribute("visits");
        visits = visits == null ? 1 : visits + 1;
        req.getSession().setAttribute("visits", visits);
        resp.setContentType("text/plain");
        resp.getWriter().print("hi " + req.getParameter("name") + " visit " + visits + " #" + served.incrementAndGet()
            + " session " + req.getSession().getId().substring(0, 6));
      }
    });
    context.addServletMappingDecoded("/greet", "greeter");
    tomcat.start();
    int port = connector.getLocalPort();
    HttpClient client = HttpClient.newBuilder().cookieHandler(new java.net.CookieManager()).build();
    for (int i = 0; i < 10; i++) {
      HttpResponse<String> r = client.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/greet?name=n" + i % 3)).build(),
          HttpResponse.BodyHandlers.ofString());
      System.out.println(r.statusCode() + " " + r.body());
    }
    tomcat.stop();
    tomcat.destroy();
    try (var walk = Files.walk(base)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
    System.out.println("served " + served.get());
  }
}
