package ttd.agent.session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import ttd.log.ProgramInterrupt;

/**
 * Replay's stand-ins for the program's files that it maps into memory shared. A shared mapping is
 * memory that every writable mapping of the same file region and every write to the file change,
 * and the program reads it with no call ttd could see. Replay reads no program
 * file, so it maps a private file of its own in the file's place: one per program file, in ttd's
 * owner-only cache directory and unlinked as soon as it is open, which receives the recorded bytes
 * of each mapping as it is made and the program's writes to the file ({@link MappedFiles}).
 * Two mappings of one region then share their memory, as they did in the recording, and see the
 * writes they saw.
 *
 * <p>A shadow is written on the program's threads, whose interrupt status is the program's, and a
 * {@code FileChannel} closes at an interrupt ({@code ClosedByInterruptException}) where the
 * program's own write ({@code RandomAccessFile}'s, {@code FileOutputStream}'s) did not stop: each
 * method sets the status aside around its channel calls ({@link ProgramInterrupt}).
 */
public final class ShadowFiles {

  /** Where replays create their shadow files: ttd's cache directory, set at start-up. */
  private static volatile Path dir;

  private final Map<String, FileChannel> byPath = new HashMap<>();

  /** Sets the directory replays create shadow files in (ttd's cache, owner-only), at start-up. */
  public static void keepIn(Path directory) {
    dir = directory;
  }

  /**
   * The shadow of {@code path}, at least {@code end} bytes long, created empty at its first
   * mapping: what is mapped from it is filled from the log.
   */
  synchronized FileChannel covering(String path, long end) throws IOException {
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      FileChannel c = byPath.get(path);
      if (c == null) {
        c = create();
        byPath.put(path, c);
      }
      if (c.size() < end) {
        c.write(ByteBuffer.allocate(1), end - 1);
      }
      return c;
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /**
   * Applies {@code count} bytes from {@code off} that the program wrote at {@code position} of
   * {@code path}, if it has a shadow.
   */
  synchronized void written(String path, long position, byte[] bytes, int off, int count) throws IOException {
    FileChannel c = byPath.get(path);
    if (c == null || count <= 0 || position < 0) {
      return;
    }
    ByteBuffer b = ByteBuffer.wrap(bytes, off, Math.min(count, bytes.length - off));
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      for (long at = position; b.hasRemaining(); ) {
        at += c.write(b, at);
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  /** Sets the length of {@code path}'s shadow, if it has one, as the program set the file's. */
  synchronized void resized(String path, long length) throws IOException {
    FileChannel c = byPath.get(path);
    if (c == null || length < 0) {
      return;
    }
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      if (c.size() > length) {
        c.truncate(length);
      } else if (c.size() < length) {
        c.write(ByteBuffer.allocate(1), length - 1);
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
  }

  private static FileChannel create() throws IOException {
    Path d = dir;
    if (d == null) {
      throw new IOException("ttd: a replay has no directory for the files the program maps for writing");
    }
    java.nio.file.Files.createDirectories(d);
    for (int n = 0; ; n++) {
      Path p = d.resolve("mapped-" + n);
      try {
        FileChannel c =
            FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
        java.nio.file.Files.delete(p);
        return c;
      } catch (FileAlreadyExistsException taken) {
        // another replay's, open now: the next name
      }
    }
  }
}
