package ttd.compat.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.CharsetUtil;
import java.net.InetSocketAddress;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A Netty HTTP server and a Netty HTTP client in one process, on loopback, with keep-alive. */
public class HttpServerAndClient {
  public static void main(String[] args) throws Exception {
    EventLoopGroup boss = new NioEventLoopGroup(1);
    EventLoopGroup workers = new NioEventLoopGroup(2);
    EventLoopGroup clientGroup = new NioEventLoopGroup(1);
    AtomicInteger counter = new AtomicInteger();
    try {
      Channel server = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65536),
                  new SimpleChannelInboundHandler<FullHttpRequest>() {
                    @Override
                    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
                      String body = req.uri() + " -> " + counter.incrementAndGet() + " on "
                          + Thread.currentThread().getName() + " t=" + System.nanoTime() % 10_000;
                      FullHttpResponse resp = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                          Unpooled.copiedBuffer(body, CharsetUtil.UTF_8));
                      resp.headers().set(HttpHeaderNames.CONTENT_LENGTH, resp.content().readableBytes());
                      ctx.writeAndFlush(resp);
                    }
                  });
            }
          }).bind("127.0.0.1", 0).sync().channel();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      BlockingQueue<String> answers = new LinkedBlockingQueue<>();
      Channel client = new Bootstrap().group(clientGroup).channel(NioSocketChannel.class)
          .handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(65536),
                  new SimpleChannelInboundHandler<FullHttpResponse>() {
                    @Override
                    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse resp) {
                      answers.add(resp.status().code() + " " + resp.content().toString(CharsetUtil.UTF_8));
                    }
                  });
            }
          }).connect("127.0.0.1", port).sync().channel();
      for (int i = 0; i < 15; i++) {
        DefaultFullHttpRequest req = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/q/" + i);
        req.headers().set(HttpHeaderNames.HOST, "127.0.0.1");
        client.writeAndFlush(req);
        System.out.println(answers.poll(30, TimeUnit.SECONDS));
      }
      client.close().sync();
      server.close().sync();
    } finally {
      clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
      boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
      workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
    System.out.println("served " + counter.get());
  }
}
