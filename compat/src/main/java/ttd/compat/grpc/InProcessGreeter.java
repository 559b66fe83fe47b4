package ttd.compat.grpc;

import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.Iterator;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A gRPC service over the in-process transport, with protobuf messages (well-known types) and a
 * service definition written by hand: a unary call and a server-streaming call.
 */
public class InProcessGreeter {
  static final MethodDescriptor<StringValue, Struct> GREET = MethodDescriptor.<StringValue, Struct>newBuilder()
      .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("compat.Greeter/Greet")
      .setRequestMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
      .setResponseMarshaller(ProtoUtils.marshaller(Struct.getDefaultInstance())).build();
  static final MethodDescriptor<StringValue, StringValue> COUNT = MethodDescriptor.<StringValue, StringValue>newBuilder()
      .setType(MethodDescriptor.MethodType.SERVER_STREAMING).setFullMethodName("compat.Greeter/Count")
      .setRequestMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
      .setResponseMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance())).build();

  public static void main(String[] args) throws Exception {
    AtomicInteger calls = new AtomicInteger();
    ServerServiceDefinition service = ServerServiceDefinition.builder("compat.Greeter")
        .addMethod(GREET, ServerCalls.asyncUnaryCall((StringValue name, StreamObserver<Struct> out) -> {
          out.onNext(Struct.newBuilder()
              .putFields("greeting", Value.newBuilder().setStringValue("hello " + name.getValue()).build())
              .putFields("call", Value.newBuilder().setNumberValue(calls.incrementAndGet()).build())
              .putFields("id", Value.newBuilder().setStringValue(UUID.randomUUID().toString()).build())
              .putFields("at", Value.newBuilder().setNumberValue(System.currentTimeMillis() % 100_000).build())
              .build());
          out.onCompleted();
        }))
        .addMethod(COUNT, ServerCalls.asyncServerStreamingCall((StringValue upTo, StreamObserver<StringValue> out) -> {
          for (int i = 1; i <= Integer.parseInt(upTo.getValue()); i++) {
            out.onNext(StringValue.of(i + " by " + Thread.currentThread().getName().replaceAll("\\d+$", "N")));
          }
          out.onCompleted();
        }))
        .build();
    String name = "greeter-" + UUID.randomUUID();
    Server server = InProcessServerBuilder.forName(name).executor(Executors.newFixedThreadPool(2))
        .addService(service).build().start();
    ManagedChannel channel = InProcessChannelBuilder.forName(name).build();
    for (String who : new String[] {"ada", "bob", "cy"}) {
      Struct reply = ClientCalls.blockingUnaryCall(channel, GREET, io.grpc.CallOptions.DEFAULT, StringValue.of(who));
      System.out.println(reply.getFieldsMap().get("greeting").getStringValue() + " call "
          + (int) reply.getFieldsMap().get("call").getNumberValue() + " id " + reply.getFieldsMap().get("id").getStringValue()
          + " at " + (long) reply.getFieldsMap().get("at").getNumberValue());
    }
    Iterator<StringValue> counted = ClientCalls.blockingServerStreamingCall(channel, COUNT, io.grpc.CallOptions.DEFAULT,
        StringValue.of("5"));
    while (counted.hasNext()) {
      System.out.println("streamed " + counted.next().getValue());
    }
    channel.shutdown().awaitTermination(5, TimeUnit.SECONDS);
    server.shutdown().awaitTermination(5, TimeUnit.SECONDS);
    System.out.println("calls " + calls.get());
    System.exit(0);
  }
}
