package ttd.compat.protobuf;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Timestamp;
import com.google.protobuf.util.JsonFormat;
import com.google.protobuf.util.Timestamps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/** A message type described at run time, built as DynamicMessages, written to a file, parsed back, printed as JSON. */
public class DynamicMessages {
  public static void main(String[] args) throws Exception {
    FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("reading.proto").setPackage("compat")
        .addMessageType(DescriptorProto.newBuilder().setName("Reading")
            .addField(field("sensor", 1, FieldDescriptorProto.Type.TYPE_STRING))
            .addField(field("value", 2, FieldDescriptorProto.Type.TYPE_DOUBLE))
            .addField(field("sequence", 3, FieldDescriptorProto.Type.TYPE_INT64))
            .addField(field("taken_ms", 4, FieldDescriptorProto.Type.TYPE_INT64)))
        .build();
    Descriptor reading = FileDescriptor.buildFrom(file, new FileDescriptor[0]).findMessageTypeByName("Reading");
    Random random = new Random();
    Path out = Files.createTempFile("readings", ".bin");
    try (var stream = Files.newOutputStream(out)) {
      for (int i = 0; i < 200; i++) {
        DynamicMessage.newBuilder(reading)
            .setField(reading.findFieldByName("sensor"), "s" + random.nextInt(5))
            .setField(reading.findFieldByName("value"), random.nextGaussian() * 10)
            .setField(reading.findFieldByName("sequence"), (long) i)
            .setField(reading.findFieldByName("taken_ms"), System.currentTimeMillis())
            .build().writeDelimitedTo(stream);
      }
    }
    System.out.println("bytes " + Files.size(out));
    double sum = 0;
    DynamicMessage last = null;
    try (var in = Files.newInputStream(out)) {
      DynamicMessage.Builder b = DynamicMessage.newBuilder(reading);
      while (b.clear().mergeDelimitedFrom(in)) {
        DynamicMessage m = b.build();
        sum += (Double) m.getField(reading.findFieldByName("value"));
        last = m;
      }
    }
    System.out.printf("sum %.6f%n", sum);
    System.out.println("last " + JsonFormat.printer().omittingInsignificantWhitespace().print(last));
    Timestamp now = Timestamps.fromMillis(System.currentTimeMillis());
    System.out.println("now " + Timestamps.toString(now));
    Files.delete(out);
  }

  private static FieldDescriptorProto field(String name, int number, FieldDescriptorProto.Type type) {
    return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type).build();
  }
}
