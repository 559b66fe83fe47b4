package ttd.samples.net;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** One request through {@code java.net.HttpURLConnection}, for {@link InventoryClient}. */
final class UrlConnectionCall {

    private UrlConnectionCall() {
    }

    static String send(String method, URI uri, String body) throws Exception {
        HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
        c.setRequestMethod(method);
        if (!body.isEmpty()) {
            c.setDoOutput(true);
            try (OutputStream out = c.getOutputStream()) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
            }
        }
        try (InputStream in = c.getInputStream()) {
            return c.getResponseCode() + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }
}
