package ttd.debug.time;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Background work that waits while a console command runs: the ladder's replacements of the rungs
 * the command took JVMs from, which would otherwise replay on the cores the command's own replays
 * need. Holds nest (a command may run inside another's); each piece of work waits once.
 */
final class HeldWork<T> {

  private int holds;
  private final Set<T> waiting = new LinkedHashSet<>();

  synchronized void hold() {
    holds++;
  }

  /** Ends one hold; returns the work that waited, in the order it came, if that was the last. */
  synchronized List<T> release() {
    if (holds == 0 || --holds > 0) {
      return List.of();
    }
    List<T> now = List.copyOf(waiting);
    waiting.clear();
    return now;
  }

  /** Whether {@code work} waits for the hold to end; false: there is none, do it now. */
  synchronized boolean defer(T work) {
    if (holds == 0) {
      return false;
    }
    waiting.add(work);
    return true;
  }
}
