package ttd.runtime;

import java.io.FileOutputStream;
import java.io.IOException;

/**
 * The real natives of {@link FileOutputStream}, which the hooks replace at their call sites; the
 * agent installs an implementation before any call site is rewritten (see {@link RealFileInput}).
 */
public interface RealFileOutput {

  void open0(FileOutputStream out, String path, boolean append) throws IOException;

  void writeBytes(FileOutputStream out, byte[] b, int off, int len, boolean append) throws IOException;
}
