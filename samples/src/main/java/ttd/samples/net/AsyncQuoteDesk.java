package ttd.samples.net;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.channels.AsynchronousServerSocketChannel;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A quote desk on an {@link AsynchronousServerSocketChannel} in a group of two fixed threads:
 * {@code AsyncQuoteDesk <clients>} speaks {@link QuoteServer}'s protocol to that many clients,
 * accepting and serving them with completion handlers, then prints its journal and ends. It prints
 * {@code listening on <port>} first.
 *
 * <p>Bug: the journal is synchronised, but the count of quotes given is a plain {@code quoted++}
 * on the group's two threads at once: when one thread is preempted between reading and writing
 * the count, an update is lost and the summary no longer matches the journal (ttd's chaos
 * schedule switches threads inside such increments).
 */
public final class AsyncQuoteDesk {

    private static final Map<String, String> PRICES =
            Map.of("ACME", "101.25", "GLOBEX", "57.10", "INITECH", "12.75", "UMBRELLA", "230.00");

    private final List<String> journal = Collections.synchronizedList(new ArrayList<>());
    private int quoted;
    private final CountDownLatch done;

    private AsyncQuoteDesk(int clients) {
        done = new CountDownLatch(clients);
    }

    public static void main(String[] args) throws Exception {
        int clients = Integer.parseInt(args[0]);
        AsynchronousChannelGroup group = AsynchronousChannelGroup.withFixedThreadPool(2, Executors.defaultThreadFactory());
        AsyncQuoteDesk desk = new AsyncQuoteDesk(clients);
        try (AsynchronousServerSocketChannel server = AsynchronousServerSocketChannel.open(group)) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            System.out.println("listening on " + ((InetSocketAddress) server.getLocalAddress()).getPort());
            System.out.flush();
            desk.acceptNext(server, clients);
            if (!desk.done.await(30, TimeUnit.SECONDS)) {
                System.out.println("gave up waiting for the clients");
            }
        }
        group.shutdownNow();
        for (String entry : desk.journal) {
            System.out.println(entry);
        }
        System.out.println("journal: " + desk.journal.size() + " entries, " + desk.quoted + " quotes counted");
    }

    private void acceptNext(AsynchronousServerSocketChannel server, int left) {
        server.accept(null, new CompletionHandler<AsynchronousSocketChannel, Void>() {
            @Override
            public void completed(AsynchronousSocketChannel client, Void unused) {
                if (left > 1) {
                    acceptNext(server, left - 1);
                }
                serve(client, new StringBuilder(), ByteBuffer.allocate(256));
            }

            @Override
            public void failed(Throwable e, Void unused) {
                System.out.println("accept failed: " + e);
            }
        });
    }

    /** Reads request lines until {@code BYE}, answering each {@code QUOTE} as it completes. */
    private void serve(AsynchronousSocketChannel client, StringBuilder pending, ByteBuffer buf) {
        buf.clear();
        client.read(buf, null, new CompletionHandler<Integer, Void>() {
            @Override
            public void completed(Integer n, Void unused) {
                if (n < 0) {
                    finish(client);
                    return;
                }
                pending.append(new String(buf.array(), 0, n, StandardCharsets.UTF_8));
                int newline = pending.indexOf("\n");
                StringBuilder reply = new StringBuilder();
                while (newline >= 0) {
                    String line = pending.substring(0, newline);
                    pending.delete(0, newline + 1);
                    if (line.equals("BYE")) {
                        answer(client, reply);
                        finish(client);
                        return;
                    }
                    String symbol = line.startsWith("QUOTE ") ? line.substring(6).trim() : "?";
                    String body = symbol + " " + PRICES.getOrDefault(symbol, "0.00") + " USD";
                    reply.append(body.length()).append('\n').append(body);
                    journal.add(Thread.currentThread().getName() + " quoted " + body);
                    quoted++;
                    newline = pending.indexOf("\n");
                }
                answer(client, reply);
                serve(client, pending, buf);
            }

            @Override
            public void failed(Throwable e, Void unused) {
                journal.add("read failed: " + e);
                finish(client);
            }
        });
    }

    private static void answer(AsynchronousSocketChannel client, StringBuilder reply) {
        if (reply.length() > 0) {
            try {
                client.write(ByteBuffer.wrap(reply.toString().getBytes(StandardCharsets.UTF_8))).get();
            } catch (Exception e) {
                throw new IllegalStateException("reply lost", e);
            }
        }
    }

    private void finish(AsynchronousSocketChannel client) {
        try {
            client.close();
        } catch (java.io.IOException e) {
            journal.add("close failed: " + e);
        }
        done.countDown();
    }
}
