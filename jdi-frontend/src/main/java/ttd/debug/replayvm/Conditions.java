package ttd.debug.replayvm;

import com.sun.jdi.event.LocatableEvent;

/**
 * Whether a conditional request's hit counts ({@code stop at Cart:42 if total < 0}): the console
 * evaluates the request's condition, kept as its {@link #KEY} property, in the replay at the hit,
 * for the user's requests and for the observers of reverse searches and indexes alike, so every
 * replay counts the same hits.
 */
public interface Conditions {

  /** The request property that holds the condition's text. */
  String KEY = "ttd.condition";

  /** Counts every hit; for a JVM whose console evaluates nothing. */
  Conditions NONE = (e, condition) -> true;

  /** Whether {@code condition} holds at {@code e}, whose thread is stopped there. */
  boolean hold(LocatableEvent e, String condition);
}
