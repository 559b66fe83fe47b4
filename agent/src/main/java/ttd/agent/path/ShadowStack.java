package ttd.agent.path;

import java.util.Arrays;

/**
 * The methods a thread is in, as its path records them: how many frames a return or a caught
 * exception leaves, and (for a report) the recorded stack.
 *
 * <p>A return from a method pops the frames down to and including its nearest frame, a handler
 * pops those above its method's nearest frame: so frames left by an exception that no
 * instrumented handler saw (thrown through JDK code, or through a {@code finally}) go at the next
 * return or catch below them. Record and replay keep it the same way, so the counts agree.
 */
final class ShadowStack {

  /**
   * Frames kept at most: frames an exception left in JDK code that never returns to the program
   * (a pool thread running tasks that throw) pile up at the bottom; past this many the oldest half
   * goes, the same way in record and replay.
   */
  static final int MAX_FRAMES = 1 << 16;

  private int[] methods = new int[64];
  /** Per frame, the last JDK call site it made (-1: none since it was entered). */
  private int[] calls = new int[64];
  private int size;

  void push(int method) {
    if (size == MAX_FRAMES) {
      int half = MAX_FRAMES / 2;
      System.arraycopy(methods, half, methods, 0, half);
      System.arraycopy(calls, half, calls, 0, half);
      size = half;
    }
    if (size == methods.length) {
      methods = Arrays.copyOf(methods, size * 2);
      calls = Arrays.copyOf(calls, size * 2);
    }
    methods[size] = method;
    calls[size++] = -1;
  }

  /** The position of {@code method}'s nearest frame, or -1. */
  int find(int method) {
    for (int i = size - 1; i >= 0; i--) {
      if (methods[i] == method) {
        return i;
      }
    }
    return -1;
  }

  /** Pops the frames from {@code position} up. */
  void cut(int position) {
    size = position;
  }

  int size() {
    return size;
  }

  int method(int position) {
    return methods[position];
  }

  /** Notes a JDK call of the top frame (kept for reports only). */
  void called(int site) {
    if (size > 0) {
      calls[size - 1] = site;
    }
  }

  /** The last JDK call site of the frame at {@code position}, or -1. */
  int call(int position) {
    return calls[position];
  }
}
