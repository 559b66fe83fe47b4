package ttd.compat.compress;

import java.io.BufferedOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/** A directory of generated files packed into a .tar.gz and a .zip with Commons Compress, then listed and read back. */
public class TarGzArchive {
  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("compress");
    Path src = Files.createDirectories(dir.resolve("data"));
    Random random = new Random();
    for (int i = 0; i < 6; i++) {
      byte[] content = new byte[1000 + random.nextInt(20_000)];
      random.nextBytes(content);
      Files.write(src.resolve("part-" + Integer.toHexString(random.nextInt(0xffff)) + ".bin"), content);
    }
    Path tgz = dir.resolve("data.tar.gz");
    Path zip = dir.resolve("data.zip");
    try (OutputStream fo = new BufferedOutputStream(Files.newOutputStream(tgz));
        TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(fo));
        ZipArchiveOutputStream zout = new ZipArchiveOutputStream(zip.toFile());
        Stream<Path> files = Files.list(src)) {
      for (Path f : files.toList()) {
        TarArchiveEntry entry = new TarArchiveEntry(f.toFile(), "data/" + f.getFileName());
        tar.putArchiveEntry(entry);
        Files.copy(f, tar);
        tar.closeArchiveEntry();
        ZipArchiveEntry z = new ZipArchiveEntry(f.toFile(), "data/" + f.getFileName());
        zout.putArchiveEntry(z);
        Files.copy(f, zout);
        zout.closeArchiveEntry();
      }
    }
    System.out.println("tgz " + Files.size(tgz) + " zip " + Files.size(zip));
    try (InputStream in = Files.newInputStream(tgz);
        TarArchiveInputStream tar = new TarArchiveInputStream(new GzipCompressorInputStream(in))) {
      TarArchiveEntry e;
      while ((e = tar.getNextEntry()) != null) {
        System.out.println("tar " + e.getName() + " " + e.getSize() + " " + e.getModTime().getTime() / 1000 % 100_000);
      }
    }
    try (ZipFile zf = ZipFile.builder().setPath(zip).get()) {
      var entries = zf.getEntries();
      while (entries.hasMoreElements()) {
        ZipArchiveEntry e = entries.nextElement();
        try (InputStream in = zf.getInputStream(e)) {
          System.out.println("zip " + e.getName() + " " + in.readAllBytes().length + " crc " + Long.toHexString(e.getCrc()));
        }
      }
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
