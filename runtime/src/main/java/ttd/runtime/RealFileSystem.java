package ttd.runtime;

import java.io.File;
import java.io.IOException;

/**
 * The real {@code java.io.FileSystem} queries that {@link File} makes (exists, is a directory,
 * length, last modified, access, space, listing, canonical path). {@code java.io.FileSystem} is
 * not public, so the file system travels as an {@code Object}; the agent calls its methods.
 */
public interface RealFileSystem {

  /** {@code op} is one of {@link Hooks}' {@code FS_*} constants; booleans come back as 0 or 1. */
  long query(Object fs, File f, int arg, int op);

  String[] list(Object fs, File f);

  String canonicalize(Object fs, String path) throws IOException;
}
