package ttd.runtime;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;

/**
 * The real natives of {@link FileInputStream}, which the hooks replace at their call sites.
 *
 * <p>They are private, so only the agent (which opens {@code java.io} to itself) can call them; it
 * installs an implementation before any call site is rewritten, so the hooks can always fall back
 * to the real operation when no session handles the stream.
 */
public interface RealFileInput {

  void open0(FileInputStream in, String path) throws IOException;

  int read0(FileInputStream in) throws IOException;

  int readBytes(FileInputStream in, byte[] b, int off, int len) throws IOException;

  long length0(FileInputStream in) throws IOException;

  long position0(FileInputStream in) throws IOException;

  long skip0(FileInputStream in, long n) throws IOException;

  int available0(FileInputStream in) throws IOException;

  boolean isRegularFile0(FileInputStream in, FileDescriptor fd);
}
