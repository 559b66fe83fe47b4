import java.nio.file.*;
public class Urandom {
  public static void main(String[] a) throws Exception {
    try (var in = Files.newInputStream(Paths.get("/dev/urandom"))) {
      byte[] b = in.readNBytes(8); System.out.println("urandom " + java.util.HexFormat.of().formatHex(b));
    }
    try (var in = new java.io.FileInputStream("/dev/urandom")) {
      byte[] b = in.readNBytes(8); System.out.println("urandom io " + java.util.HexFormat.of().formatHex(b));
    }
  }
}
