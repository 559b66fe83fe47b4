package ttd.samples.net;

import java.io.BufferedReader;
import java.io.FileReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * Plays a script of requests against an {@link InventoryService}: {@code InventoryClient
 * http://localhost:<port> <script>}, one request per line ({@code GET /stock}, {@code POST /order
 * sku=widget&qty=12}); prints each response. With {@code --urlconnection} it uses {@code
 * HttpURLConnection} instead of {@code java.net.http.HttpClient}.
 */
public final class InventoryClient {

    /**
     * One client for the whole run, as HttpClient's documentation advises. Held here, not in a
     * local, so that its selector thread's end does not depend on whether a GC collects the client
     * before the JVM exits: ttd does not record what the GC does (docs/compat.md, jdkhttp.AsyncFanOut).
     */
    private static HttpClient client;

    private InventoryClient() {
    }

    public static void main(String[] args) throws Exception {
        boolean legacy = args.length > 2 && args[2].equals("--urlconnection");
        client = legacy ? null : HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try (BufferedReader script = new BufferedReader(new FileReader(args[1], StandardCharsets.UTF_8))) {
            for (String line = script.readLine(); line != null; line = script.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                String[] r = line.trim().split(" ", 3);
                URI uri = URI.create(args[0] + r[1]);
                String body = r.length > 2 ? r[2] : "";
                String answer = legacy ? UrlConnectionCall.send(r[0], uri, body) : send(client, r[0], uri, body);
                System.out.println(line.trim() + " => " + answer);
            }
        }
    }

    private static String send(HttpClient client, String method, URI uri, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .method(method, body.isEmpty()
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.body().trim();
    }
}
