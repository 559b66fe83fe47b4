package ttd.runtime;

import java.io.FileDescriptor;
import java.io.IOException;

/**
 * The real network natives the hooks replace at their call sites (see {@link NetOp}).
 *
 * <p>They are private to {@code sun.nio.ch} and {@code java.net}, so only the agent (which opens
 * those packages to itself) can call them; it installs an implementation before any call site is
 * rewritten, so a hook can always fall back to the real operation.
 */
public interface RealNet {

  /** Runs a socket life-cycle, selector or name-service native; its result boxed, null if void. */
  Object call(int op, Object[] args) throws IOException;

  /** Runs read0, readv0, write0 or writev0 on native memory at {@code address}. */
  long transfer(int op, FileDescriptor fd, long address, int len) throws IOException;
}
