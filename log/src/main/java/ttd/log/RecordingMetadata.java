package ttd.log;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The header of a recording: what ran, where, on which JDK, and how it ended.
 *
 * <p>Stored as a sorted properties file beside the queue so a person can read it. It is rewritten
 * atomically (temporary file, then rename) when the recording ends.
 */
public final class RecordingMetadata {

  public static final String STATUS_RECORDING = "recording";
  public static final String STATUS_COMPLETE = "complete";
  public static final String STATUS_INCOMPLETE = "incomplete";
  /**
   * The ordinal of the thread from outside the program that began the JVM's shutdown and was
   * adopted to run the shutdown hooks as a scheduled thread (absent: none was).
   */
  public static final String SHUTDOWN_THREAD = "shutdown.thread";
  /**
   * Why the recording stopped where the program did something ttd cannot record yet (absent: it
   * did not). Such a recording replays nothing: a replay would reach that point and have no log.
   */
  public static final String REFUSED = "refused";

  private final Map<String, String> values = new TreeMap<>();

  public synchronized String get(String key) {
    return values.get(key);
  }

  public synchronized String get(String key, String fallback) {
    String v = values.get(key);
    return v == null ? fallback : v;
  }

  public synchronized RecordingMetadata put(String key, String value) {
    if (value == null) {
      values.remove(key);
    } else {
      values.put(key, value);
    }
    return this;
  }

  public synchronized void putList(String key, List<String> list) {
    values.keySet().removeIf(k -> k.startsWith(key + "."));
    values.put(key + ".count", Integer.toString(list.size()));
    for (int i = 0; i < list.size(); i++) {
      values.put(key + "." + i, list.get(i));
    }
  }

  public synchronized List<String> getList(String key) {
    List<String> list = new ArrayList<>();
    int n = Integer.parseInt(values.getOrDefault(key + ".count", "0"));
    for (int i = 0; i < n; i++) {
      list.add(values.getOrDefault(key + "." + i, ""));
    }
    return list;
  }

  /** Every entry whose key starts with {@code prefix}, with the prefix removed. */
  public synchronized Map<String, String> withPrefix(String prefix) {
    Map<String, String> m = new TreeMap<>();
    values.forEach(
        (k, v) -> {
          if (k.startsWith(prefix)) {
            m.put(k.substring(prefix.length()), v);
          }
        });
    return m;
  }

  /**
   * This header, if its recording may be replayed; else explains in one sentence why not: it stops
   * where the program did what ttd refused to record ({@link #REFUSED}), so nothing of it replays.
   */
  public RecordingMetadata replayable(Path dir) {
    String refused = get(REFUSED);
    if (refused != null) {
      throw new BadRecordingException(
          "the recording at " + dir + " cannot be replayed: it stops where " + refused);
    }
    return this;
  }

  /**
   * Writes the header (owner-only) under a temporary name and renames it into place; one writer at
   * a time. The first header is renamed by {@code java.io.File} (rename(2)): the agent writes it
   * before its transformer is installed, and {@code Files.move} would load {@code
   * sun.nio.fs.UnixCopyFile} then, which the agent must later retransform; on JDK 17 the
   * retransformed {@code copyFile} crashed the JVM at a collection ("Illegal class file encountered
   * ... in method copyFile"), while the same rewrite made at the class's first load does not. Later
   * headers replace it with an atomic {@code Files.move} as before: through {@code java.io.File}
   * they changed the identity hashes a recorded program draws (jetty.HelloServer and H2's programs
   * diverged, on 17 and 25).
   */
  public synchronized void store(Path recordingDir) throws IOException {
    Path target = recordingDir.resolve(TraceFormat.METADATA_FILE);
    Path tmp = recordingDir.resolve(TraceFormat.METADATA_FILE + ".tmp");
    OwnerOnly.write(tmp, PropertiesText.of("ttd recording", values));
    if (Files.exists(target)) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } else if (!tmp.toFile().renameTo(target.toFile())) {
      throw new IOException("cannot rename " + tmp + " to " + target);
    }
  }

  /** Reads the header, or explains in one sentence why {@code dir} is not a usable recording. */
  public static RecordingMetadata load(Path dir) {
    if (!Files.exists(dir)) {
      throw new BadRecordingException("there is no recording at " + dir + "; check the path");
    }
    if (!Files.isDirectory(dir)) {
      throw new BadRecordingException(
          dir + " is a file, not a recording; give the recording's directory");
    }
    Path file = dir.resolve(TraceFormat.METADATA_FILE);
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (NoSuchFileException e) {
      throw new BadRecordingException(
          dir + " is not a ttd recording (it has no " + TraceFormat.METADATA_FILE + ")");
    } catch (AccessDeniedException e) {
      throw new BadRecordingException(
          "the recording at " + dir + " cannot be read by this user; check its permissions");
    } catch (IOException | IllegalArgumentException e) {
      throw new BadRecordingException(
          "the recording's header " + file + " cannot be read (" + e.getMessage() + ")");
    }
    RecordingMetadata m = new RecordingMetadata();
    p.stringPropertyNames().forEach(k -> m.values.put(k, p.getProperty(k)));
    String version = m.get("format.version");
    if (version == null) {
      throw new BadRecordingException(
          "the recording's header " + file + " is damaged (it has no format version)");
    }
    if (!readable(version)) {
      throw new BadRecordingException(
          "the recording at "
              + dir
              + " has format version "
              + version
              + " but this ttd reads version "
              + (TraceFormat.OLDEST_READ == TraceFormat.VERSION ? "" : TraceFormat.OLDEST_READ + " to ")
              + TraceFormat.VERSION
              + "; replay it with the ttd that recorded it");
    }
    if (!Files.isDirectory(dir.resolve(TraceFormat.QUEUE_DIR))) {
      throw new BadRecordingException(
          "the recording at " + dir + " has no event log (" + TraceFormat.QUEUE_DIR + "/)");
    }
    return m;
  }

  private static boolean readable(String version) {
    for (int v = TraceFormat.OLDEST_READ; v <= TraceFormat.VERSION; v++) {
      if (version.equals(Integer.toString(v))) {
        return true;
      }
    }
    return false;
  }
}
