package ttd.samples.net;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A crowd of clients for a quote server ({@link AsyncQuoteDesk}, {@link QuoteServer}): {@code
 * QuoteCrowd <port> <clients>} connects all of them first, so the server has several connections
 * at once, then each asks for two quotes on its own thread, reads the length-prefixed answers
 * whole, says {@code BYE} and prints what it got.
 */
public final class QuoteCrowd {

    private static final String[] SYMBOLS = {"ACME", "GLOBEX", "INITECH", "UMBRELLA"};

    private QuoteCrowd() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int clients = Integer.parseInt(args[1]);
        List<Socket> sockets = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            sockets.add(new Socket(InetAddress.getLoopbackAddress(), port));
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            Socket s = sockets.get(i);
            String first = SYMBOLS[i % SYMBOLS.length];
            String second = SYMBOLS[(i + 1) % SYMBOLS.length];
            Thread t = new Thread(() -> ask(s, first, second), "client-" + i);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    private static void ask(Socket s, String first, String second) {
        try (s) {
            OutputStream out = s.getOutputStream();
            DataInputStream in = new DataInputStream(s.getInputStream());
            out.write(("QUOTE " + first + "\nQUOTE " + second + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            String a = readFrame(in);
            String b = readFrame(in);
            out.write("BYE\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            System.out.println(Thread.currentThread().getName() + ": " + a + " / " + b);
        } catch (IOException e) {
            System.out.println(Thread.currentThread().getName() + ": " + e);
        }
    }

    /** Reads "length\nbody" byte by byte until the announced body is complete. */
    private static String readFrame(DataInputStream in) throws IOException {
        StringBuilder length = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the server closed the connection");
            }
            length.append((char) c);
        }
        byte[] body = new byte[Integer.parseInt(length.toString())];
        in.readFully(body);
        return new String(body, StandardCharsets.UTF_8);
    }
}
