package ttd.e2e;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Chronicle Queue file ({@code queue/*.cq4}) of a recording, for damaging it on purpose.
 *
 * <p>Chronicle preallocates its files: a 5 MB file may hold a few kilobytes of data followed by
 * zeros. The written data is therefore located by its bytes: it ends at the last non-zero byte, and
 * the last written region (where the recorded events are) starts after the last long run of zeros.
 */
public final class QueueFile {

  /** Zero runs at least this long separate Chronicle's header, index and data regions. */
  private static final int REGION_GAP = 1024;

  private final Path file;

  private QueueFile(Path file) {
    this.file = file;
  }

  /** The one {@code *.cq4} file in the recording's queue directory. */
  public static QueueFile of(Path recording) {
    try (Stream<Path> files = Files.list(recording.resolve("queue"))) {
      List<Path> cq4 = files.filter(p -> p.toString().endsWith(".cq4")).collect(Collectors.toList());
      if (cq4.size() != 1) {
        throw new AssertionError("expected one .cq4 file in " + recording.resolve("queue") + ", found " + cq4);
      }
      return new QueueFile(cq4.get(0));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Path path() {
    return file;
  }

  /** One past the last non-zero byte: the bytes actually written. */
  public long writtenEnd() {
    byte[] bytes = bytes();
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] == 0) {
      end--;
    }
    if (end == 0) {
      throw new AssertionError(file + " holds no data");
    }
    return end;
  }

  /** Where the last written region (the recorded events) starts. */
  public long lastRegionStart() {
    byte[] bytes = bytes();
    int i = (int) writtenEnd() - 1;
    int zeros = 0;
    for (; i >= 0; i--) {
      if (bytes[i] == 0) {
        if (++zeros >= REGION_GAP) {
          return i + zeros;
        }
      } else {
        zeros = 0;
      }
    }
    return 0;
  }

  /** The middle of the last written region. */
  public long middleOfData() {
    long start = lastRegionStart();
    return start + (writtenEnd() - start) / 2;
  }

  /** Where {@code pattern} first occurs in the file, or -1. */
  public long indexOf(byte[] pattern) {
    byte[] bytes = bytes();
    outer:
    for (int i = 0; i + pattern.length <= bytes.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (bytes[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** Cuts the file to {@code size} bytes. */
  public void truncate(long size) {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(size);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Inverts every bit of {@code count} bytes starting at {@code offset}. */
  public void flip(long offset, int count) {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      byte[] chunk = new byte[count];
      raf.seek(offset);
      raf.readFully(chunk);
      for (int i = 0; i < count; i++) {
        chunk[i] = (byte) ~chunk[i];
      }
      raf.seek(offset);
      raf.write(chunk);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private byte[] bytes() {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
