package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The program's own reads of {@code /dev/urandom}, {@code /dev/random}, {@code /proc} and {@code
 * /sys} are inputs like any file, through {@code java.io}, NIO streams and channels and {@code
 * RandomAccessFile}: every one of them reads something else in every run (random bytes, the
 * process's own pid and memory, a fresh kernel UUID), and the replay prints what the recording
 * read. ({@code Files.size} of a procfs file is 0, yet {@code readAllLines} reads it whole.)
 */
class DeviceAndProcFileReplayTest {

  private static final String PROGRAM = """
      import java.io.*;
      import java.nio.ByteBuffer;
      import java.nio.channels.FileChannel;
      import java.nio.file.*;
      import java.util.*;
      public class Devices {
        static String hex(byte[] b) { return HexFormat.of().formatHex(b); }
        public static void main(String[] a) throws Exception {
          try (InputStream in = Files.newInputStream(Paths.get("/dev/urandom"))) {
            System.out.println("urandom " + hex(in.readNBytes(8)));
          }
          try (FileInputStream in = new FileInputStream("/dev/urandom")) {
            System.out.println("urandom io " + hex(in.readNBytes(8)) + " " + in.read());
          }
          try (DataInputStream in = new DataInputStream(new FileInputStream(new File("/dev/random")))) {
            System.out.println("random " + in.readLong());
          }
          try (RandomAccessFile f = new RandomAccessFile("/dev/urandom", "r")) {
            System.out.println("random access " + f.readLong() + " " + f.readInt());
          }
          try (FileChannel ch = FileChannel.open(Paths.get("/dev/urandom"))) {
            ByteBuffer buf = ByteBuffer.allocateDirect(8);
            ch.read(buf);
            System.out.println("channel " + buf.flip().getLong());
          }
          System.out.println("kernel uuid " + Files.readString(Path.of("/proc/sys/kernel/random/uuid")).trim());
          Path status = Path.of("/proc/self/status");
          System.out.println("status size " + Files.size(status) + " length " + new File("/proc/self/status").length());
          for (String line : Files.readAllLines(status)) {
            if (line.startsWith("Pid:") || line.startsWith("VmRSS:")) System.out.println(line);
          }
          try (BufferedReader r = new BufferedReader(new FileReader("/proc/self/stat"))) {
            String[] f = r.readLine().split(" ");
            System.out.println("stat pid " + f[0] + " start " + f[21]);
          }
          System.out.println("cpuinfo " + Arrays.hashCode(Files.readAllBytes(Path.of("/proc/cpuinfo"))));
          System.out.println("cpus online " + Files.readString(Path.of("/sys/devices/system/cpu/online")).trim()
              + " lo " + Files.exists(Path.of("/sys/class/net/lo")));
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void devicesProcAndSysReadByTheProgramReplayTheRecordedBytes(Jvm jvm) {
    Path work = Scratch.dir("devices-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Devices", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Devices");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("status size 0 length 0\n") && recorded.stdout().contains("Pid:"),
        recorded.describe());
    Outcome other = TtdRun.record(jvm, work.resolve("other"), classes.toString(), "Devices");
    assertNotEquals(recorded.stdoutLines().get(0), other.stdoutLines().get(0), "two runs read the same random bytes");

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay of Devices");
  }
}
