package ttd.agent.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;
import ttd.log.TraceReader;

/**
 * The report a replay prints when the program stops following the recording.
 *
 * <p>It says which event of which thread, what the log expected, what the program did, where (the
 * replaying thread's stack, without ttd's own frames) and the likely cause, in that order, so a
 * person can act on it. Exit statuses are part of ttd's contract and documented in README.
 */
public final class Divergence {

  /** The replayed program did something else than the recorded one. */
  public static final int EXIT_DIVERGED = 86;
  /** The recording ends (its process was killed) before the replay does. */
  public static final int EXIT_RECORDING_ENDS = 87;
  /** The recording cannot be used (as {@code ttd replay} says of a damaged one before it starts). */
  public static final int EXIT_UNUSABLE = 2;

  private final StringBuilder text = new StringBuilder();

  public Divergence(String headline) {
    text.append(headline);
  }

  /** A labelled line; none if {@code label} is null. */
  public Divergence line(String label, String value) {
    if (label != null) {
      text.append('\n').append("  ").append(label).append(": ").append(value);
    }
    return this;
  }

  public Divergence stack(Thread thread) {
    List<String> frames = new ArrayList<>();
    for (StackTraceElement e : programFrames(thread)) {
      frames.add(e.toString());
    }
    return frames("stack of thread \"" + thread.getName() + "\"", frames);
  }

  /** A stack under {@code label}, innermost first, cut after 25 frames. */
  public Divergence frames(String label, List<String> frames) {
    text.append('\n').append("  ").append(label).append(":");
    int shown = 0;
    for (String f : frames) {
      text.append('\n').append("    at ").append(f);
      if (++shown == 25) {
        text.append('\n').append("    ...");
        break;
      }
    }
    return this;
  }

  /** {@code thread}'s stack without ttd's own frames, innermost first. */
  public static List<StackTraceElement> programFrames(Thread thread) {
    List<StackTraceElement> frames = new ArrayList<>();
    for (StackTraceElement e : thread.getStackTrace()) {
      String c = e.getClassName();
      if (c.startsWith("ttd.agent.") || c.startsWith("ttd.runtime.") || c.equals("java.lang.Thread")
          && e.getMethodName().equals("getStackTrace")) {
        continue;
      }
      frames.add(e);
    }
    return frames;
  }

  public String text() {
    return text.toString();
  }

  /**
   * The likely cause: classes the replay loaded whose bytes differ from the recorded ones (or that
   * the recording never loaded), else an input that is not captured.
   */
  public static String likelyCause(Path queueDir, Map<String, Integer> loaded, boolean threads) {
    Map<String, Integer> recorded = new TreeMap<>();
    try (TraceReader reader = new TraceReader(queueDir)) {
      TraceDocument d;
      while ((d = reader.next()) != null) {
        if (d.type() == TraceFormat.DOC_CLASS) {
          recorded.put(d.name(), d.intValue());
        }
      }
    } catch (RuntimeException e) {
      return "the recording could not be read to compare classes (" + e.getMessage() + ")";
    }
    List<String> changed = new ArrayList<>();
    for (Map.Entry<String, Integer> e : new TreeMap<>(loaded).entrySet()) {
      Integer was = recorded.get(e.getKey());
      if (was == null || !was.equals(e.getValue())) {
        changed.add(e.getKey() + (was == null ? " (not loaded when recording)" : ""));
      }
    }
    if (!changed.isEmpty()) {
      return "class "
          + String.join(", ", changed.subList(0, Math.min(5, changed.size())))
          + (changed.size() > 5 ? " and " + (changed.size() - 5) + " more" : "")
          + " differs from the recorded one; replay the program exactly as it was recorded";
    }
    if (threads) {
      return "the program runs several threads: work of threads ttd does not schedule (the JDK's"
          + " own), or an input ttd does not capture yet, differs between recording and replay";
    }
    return "an input ttd does not capture yet differs between recording and replay";
  }
}
