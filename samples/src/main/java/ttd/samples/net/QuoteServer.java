package ttd.samples.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The peer of {@link QuoteClient}: a price server on loopback speaking a length-prefixed protocol.
 * A request is a line {@code QUOTE <symbol>}; the response is the body's length on a line of its
 * own, then the body {@code <symbol> <price> <currency>}. {@code BYE} ends a connection, {@code
 * STOP} the server.
 *
 * <p>With {@code --split} every response leaves in two TCP segments a moment apart (the length and
 * half the body, then the rest), as on a congested link. It prints {@code listening on <port>}
 * first, so whoever starts it knows where to connect.
 */
public final class QuoteServer {

    private static final Map<String, String> PRICES =
            Map.of("ACME", "101.25", "GLOBEX", "57.10", "INITECH", "12.75", "UMBRELLA", "230.00");

    private QuoteServer() {
    }

    public static void main(String[] args) throws Exception {
        boolean split = args.length > 0 && args[0].equals("--split");
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            System.out.println("listening on " + server.getLocalPort());
            System.out.flush();
            while (true) {
                try (Socket s = server.accept()) {
                    s.setTcpNoDelay(true);
                    if (!serve(s, split)) {
                        return;
                    }
                }
            }
        }
    }

    /** Serves one connection; false when told to stop. */
    private static boolean serve(Socket s, boolean split) throws IOException, InterruptedException {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
        OutputStream out = s.getOutputStream();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.equals("STOP")) {
                return false;
            }
            if (line.equals("BYE")) {
                return true;
            }
            String symbol = line.startsWith("QUOTE ") ? line.substring(6).trim() : "?";
            String body = symbol + " " + PRICES.getOrDefault(symbol, "0.00") + " USD";
            byte[] frame = (body.length() + "\n" + body).getBytes(StandardCharsets.UTF_8);
            if (split) {
                int cut = frame.length - body.length() / 2;
                out.write(frame, 0, cut);
                out.flush();
                Thread.sleep(150);
                out.write(frame, cut, frame.length - cut);
            } else {
                out.write(frame);
            }
            out.flush();
        }
        return true;
    }
}
