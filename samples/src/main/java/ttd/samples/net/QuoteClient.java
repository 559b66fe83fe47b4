package ttd.samples.net;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Values a small portfolio with prices from a {@link QuoteServer}: {@code QuoteClient host:port}.
 *
 * <p>Bug: {@link #readFrame} assumes one {@code read} returns a whole response. On loopback with
 * a quick server it does, and the totals are right. When a response arrives in two segments, the
 * first read returns the length line and only part of the body: the price is cut short (101.25
 * becomes 101 or 10), the rest of the body stays in the socket and is taken for the start of the
 * next response, whose length line then fails to parse.
 */
public final class QuoteClient {

    private static final String[] PORTFOLIO = {"ACME 40", "GLOBEX 100", "INITECH 250", "UMBRELLA 5"};

    private QuoteClient() {
    }

    public static void main(String[] args) throws Exception {
        String[] hostPort = args[0].split(":");
        double total = 0;
        try (Socket socket = new Socket(hostPort[0], Integer.parseInt(hostPort[1]))) {
            System.out.println("connected to " + socket.getInetAddress().getHostName() + " port " + socket.getPort());
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            for (String position : PORTFOLIO) {
                String[] p = position.split(" ");
                out.write(("QUOTE " + p[0] + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                String body = readFrame(in);
                double price = Double.parseDouble(body.split(" ")[1]);
                double value = price * Integer.parseInt(p[1]);
                total += value;
                System.out.printf("%-9s %5s x %8.2f = %10.2f%n", p[0], p[1], price, value);
            }
            out.write("BYE\n".getBytes(StandardCharsets.UTF_8));
        }
        System.out.printf("portfolio value: %.2f%n", total);
    }

    /** Reads one response: "length\nbody". */
    static String readFrame(InputStream in) throws Exception {
        byte[] buf = new byte[256];
        int n = in.read(buf);
        String frame = new String(buf, 0, n, StandardCharsets.UTF_8);
        int newline = frame.indexOf('\n');
        int length = Integer.parseInt(frame.substring(0, newline));
        String body = frame.substring(newline + 1);
        if (body.length() > length) {
            throw new IllegalStateException("frame longer than announced: " + frame);
        }
        return body;
    }
}
