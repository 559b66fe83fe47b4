package ttd.samples.net;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;

/**
 * Values a small portfolio with prices from a {@link QuoteServer} over an {@link
 * AsynchronousSocketChannel}: {@code AsyncQuoteClient host:port [--pool]}. The connect and the
 * writes are futures; each response is read by a {@link CompletionHandler}, which the channel
 * group's thread runs. With {@code --pool} the channel belongs to a group of two fixed threads,
 * otherwise to the JDK's default group.
 *
 * <p>Bug: the handler takes whatever one read delivered for a whole response. When a response
 * arrives in two segments the price is cut short, and the rest of the body is taken for the start
 * of the next response, whose length line then fails to parse.
 */
public final class AsyncQuoteClient {

    private static final String[] PORTFOLIO = {"ACME 40", "GLOBEX 100", "INITECH 250", "UMBRELLA 5"};

    private AsyncQuoteClient() {
    }

    public static void main(String[] args) throws Exception {
        String[] hostPort = args[0].split(":");
        boolean pool = args.length > 1 && args[1].equals("--pool");
        AsynchronousChannelGroup group =
                pool ? AsynchronousChannelGroup.withFixedThreadPool(2, Executors.defaultThreadFactory()) : null;
        double total = 0;
        try (AsynchronousSocketChannel channel = AsynchronousSocketChannel.open(group)) {
            channel.connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]))).get();
            System.out.println("connected to port " + ((InetSocketAddress) channel.getRemoteAddress()).getPort());
            for (String position : PORTFOLIO) {
                String[] p = position.split(" ");
                channel.write(ByteBuffer.wrap(("QUOTE " + p[0] + "\n").getBytes(StandardCharsets.UTF_8))).get();
                String body = readFrame(channel).get();
                double price = Double.parseDouble(body.split(" ")[1]);
                double value = price * Integer.parseInt(p[1]);
                total += value;
                System.out.printf("%-9s %5s x %8.2f = %10.2f%n", p[0], p[1], price, value);
            }
            channel.write(ByteBuffer.wrap("BYE\n".getBytes(StandardCharsets.UTF_8))).get();
        } finally {
            if (group != null) {
                group.shutdownNow();
            }
        }
        System.out.printf("portfolio value: %.2f%n", total);
    }

    /** Reads one response, "length\nbody", completed by the channel group's thread. */
    static CompletableFuture<String> readFrame(AsynchronousSocketChannel channel) {
        CompletableFuture<String> frame = new CompletableFuture<>();
        ByteBuffer buf = ByteBuffer.allocate(256);
        channel.read(buf, frame, new CompletionHandler<Integer, CompletableFuture<String>>() {
            @Override
            public void completed(Integer n, CompletableFuture<String> result) {
                try {
                    String text = new String(buf.array(), 0, n, StandardCharsets.UTF_8);
                    int newline = text.indexOf('\n');
                    int length = Integer.parseInt(text.substring(0, newline));
                    String body = text.substring(newline + 1);
                    if (body.length() > length) {
                        throw new IllegalStateException("frame longer than announced: " + text);
                    }
                    result.complete(body);
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                }
            }

            @Override
            public void failed(Throwable e, CompletableFuture<String> result) {
                result.completeExceptionally(e);
            }
        });
        return frame;
    }
}
