package ttd.agent.io;

import java.io.IOException;

/**
 * What a method handle standing in for a JDK native may throw, passed on as the native would have
 * thrown it: I/O errors and unchecked ones as they are, anything else (impossible for these
 * natives) wrapped.
 */
final class Rethrow {

  private Rethrow() {}

  static IOException io(Throwable t) throws IOException {
    if (t instanceof IOException) {
      throw (IOException) t;
    }
    throw unchecked(t);
  }

  static RuntimeException unchecked(Throwable t) {
    if (t instanceof RuntimeException) {
      throw (RuntimeException) t;
    }
    if (t instanceof Error) {
      throw (Error) t;
    }
    return new IllegalStateException(t);
  }
}
