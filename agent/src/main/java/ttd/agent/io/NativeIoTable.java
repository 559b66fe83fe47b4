package ttd.agent.io;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import ttd.runtime.NativeIoOp;

/**
 * Which JDK methods {@link ttd.runtime.NativeIoHooks} stand in for, on JDK 17 and 25, and in which
 * classes their call sites are rewritten.
 *
 * <p>{@code sun.nio.fs.UnixNativeDispatcher}'s methods are hooked where the rest of {@code
 * sun.nio.fs} calls them (on 17 several are natives called from other classes, on 25 Java
 * wrappers; at the call site both look the same). The channel natives are hooked inside the file
 * dispatcher, which only file channels and pipes use; {@code FileChannelImpl}'s transfer shortcuts
 * inside it; {@code java.io.FileSystem}'s changes inside {@code java.io.File}; {@code Files.copy}'s
 * copy between two descriptors where {@code sun.nio.fs} calls it; the lock files and modes of
 * {@code java.util.prefs}' directories inside {@code FileSystemPreferences}; a {@code
 * WatchService}'s inotify natives inside {@code LinuxWatchService}, and its poller's reads and
 * wake-up writes; the file identity behind a channel's locks inside {@code FileKey}.
 */
public final class NativeIoTable {

  /** One rewritten method: where it is, what it is, and which classes' calls of it are rewritten. */
  public static final class Entry {
    public final String owner;
    public final String name;
    public final String desc;
    public final int op;
    public final boolean isStatic;
    /** Callers: a package prefix ending in '/', one class, or one class and its nested classes ({@link #nest}). */
    private final String callers;
    /**
     * Whether calls of the method through an interface or a program's subclass of its owner may
     * reach it too: a public instance native of a class that is not final.
     */
    public final boolean reachedByDispatch;

    Entry(String owner, String name, String desc, int op, boolean isStatic, String callers, boolean overridable) {
      this.owner = owner;
      this.name = name;
      this.desc = desc;
      this.op = op;
      this.isStatic = isStatic;
      this.callers = callers;
      this.reachedByDispatch = overridable && !isStatic && callers.equals(ANY);
    }

    /** Whether every class's calls are rewritten (the owner's public natives). */
    public boolean calledFromAnywhere() {
      return callers.equals(ANY);
    }

    /** Its callers as the table writes them: a package prefix ending in '/', a class, or a class and {@code $*}. */
    public String callers() {
      return callers;
    }

    public boolean calledFrom(String caller) {
      if (callers.equals(ANY)) {
        return true;
      }
      if (callers.endsWith(NESTED)) {
        String outer = callers.substring(0, callers.length() - NESTED.length());
        return caller.equals(outer) || caller.startsWith(outer + "$");
      }
      return callers.endsWith("/")
          ? caller.startsWith(callers) && !caller.equals(owner)
          : caller.equals(callers);
    }
  }

  private static final String UND = "sun/nio/fs/UnixNativeDispatcher";
  private static final String PATH = "Lsun/nio/fs/UnixPath;";
  private static final String ATTRS = "Lsun/nio/fs/UnixFileAttributes;";
  private static final String FD = "Ljava/io/FileDescriptor;";
  private static final String FCI = "sun/nio/ch/FileChannelImpl";
  private static final String RAF = "java/io/RandomAccessFile";
  /** Callers: every class. */
  public static final String ANY = "*";
  private static final String NESTED = "$*";
  private static final String PREFS = "java/util/prefs/FileSystemPreferences";

  /**
   * Callers: {@code outer} and the classes nested in it, which call its private natives as
   * nestmates (JDK 17's {@code FileSystemPreferences$1} and {@code $2} set up the user and system
   * roots in privileged actions that chmod their modification files; on JDK 25 the outer class
   * does).
   */
  private static String nest(String outer) {
    return outer + NESTED;
  }
  private static final List<Entry> ENTRIES = new ArrayList<>();
  /** owner + '.' + name + desc -> the entries for that method (one per set of callers). */
  private static final java.util.Map<String, List<Entry>> BY_METHOD = new java.util.HashMap<>();
  /** name + desc -> the entry a virtual call of that shape on another owner may reach. */
  private static final java.util.Map<String, Entry> BY_SHAPE = new java.util.HashMap<>();
  /** The packages of the JDK's own classes, none of which extends a class whose natives are reached by dispatch. */
  private static final String[] JDK_PACKAGES = {"java/", "javax/", "jdk/", "sun/", "com/sun/"};

  static {
    fs("open", "(" + PATH + "II)I", NativeIoOp.OPEN);
    fs("openat", "(I[BII)I", NativeIoOp.OPENAT);
    fs("dup", "(I)I", NativeIoOp.DUP);
    fs("close", "(I)V", NativeIoOp.CLOSE);
    fs("close", "(ILjava/util/function/Function;)V", NativeIoOp.CLOSE_MAPPED);
    fs("opendir", "(" + PATH + ")J", NativeIoOp.OPENDIR);
    fs("fdopendir", "(I)J", NativeIoOp.FDOPENDIR);
    fs("readdir", "(J)[B", NativeIoOp.READDIR);
    fs("closedir", "(J)V", NativeIoOp.CLOSEDIR);
    fs("stat", "(" + PATH + ATTRS + ")V", NativeIoOp.STAT);
    fs("lstat", "(" + PATH + ATTRS + ")V", NativeIoOp.LSTAT);
    fs("stat", "(" + PATH + ")I", NativeIoOp.STAT_MODE);
    fs("stat2", "(" + PATH + ATTRS + ")I", NativeIoOp.STAT_ERRNO);
    fs("fstat", "(I" + ATTRS + ")V", NativeIoOp.FSTAT);
    fs("fstatat", "(I[BI" + ATTRS + ")V", NativeIoOp.FSTATAT);
    fs("access", "(" + PATH + "I)V", NativeIoOp.ACCESS);
    fs("access", "(" + PATH + "I)I", NativeIoOp.ACCESS_ERRNO);
    fs("exists", "(" + PATH + ")Z", NativeIoOp.EXISTS);
    fs("realpath", "(" + PATH + ")[B", NativeIoOp.REALPATH);
    fs("readlink", "(" + PATH + ")[B", NativeIoOp.READLINK);
    fs("statvfs", "(" + PATH + "Lsun/nio/fs/UnixFileStoreAttributes;)V", NativeIoOp.STATVFS);
    fs("mkdir", "(" + PATH + "I)V", NativeIoOp.MKDIR);
    fs("unlink", "(" + PATH + ")V", NativeIoOp.UNLINK);
    fs("rmdir", "(" + PATH + ")V", NativeIoOp.RMDIR);
    fs("rename", "(" + PATH + PATH + ")V", NativeIoOp.RENAME);
    fs("link", "(" + PATH + PATH + ")V", NativeIoOp.LINK);
    fs("symlink", "([B" + PATH + ")V", NativeIoOp.SYMLINK);
    fs("chmod", "(" + PATH + "I)V", NativeIoOp.CHMOD);
    fs("chown", "(" + PATH + "II)V", NativeIoOp.CHOWN);
    fs("lchown", "(" + PATH + "II)V", NativeIoOp.LCHOWN);
    fs("utimes", "(" + PATH + "JJ)V", NativeIoOp.UTIMES);
    fs("lutimes", "(" + PATH + "JJ)V", NativeIoOp.LUTIMES);
    fs("utimensat", "(I" + PATH + "JJI)V", NativeIoOp.UTIMENSAT);
    fs("fchmodat", "(I" + PATH + "II)V", NativeIoOp.FCHMODAT);
    fs("mknod", "(" + PATH + "IJ)V", NativeIoOp.MKNOD);
    fs("unlinkat", "(I[BI)V", NativeIoOp.UNLINKAT);
    fs("renameat", "(I[BI[B)V", NativeIoOp.RENAMEAT);
    fs("futimes", "(IJJ)V", NativeIoOp.FUTIMES);
    fs("futimens", "(IJJ)V", NativeIoOp.FUTIMENS);
    fs("fchmod", "(II)V", NativeIoOp.FCHMOD);
    fs("fchown", "(III)V", NativeIoOp.FCHOWN);
    add("sun/nio/fs/UnixCopyFile", "transfer", "(IIJ)V", NativeIoOp.COPY_TRANSFER, true, "sun/nio/fs/UnixCopyFile");
    add("sun/nio/fs/UnixFileSystem", "directCopy", "(IIJ)I", NativeIoOp.COPY_DIRECT, false, "sun/nio/fs/UnixFileSystem");
    add("sun/nio/fs/UnixFileSystem", "bufferedCopy", "(IIJIJ)V", NativeIoOp.COPY_BUFFERED, false, "sun/nio/fs/UnixFileSystem");

    for (String d : List.of("sun/nio/ch/FileDispatcherImpl", "sun/nio/ch/UnixFileDispatcherImpl")) {
      channel(d, "read0", "(" + FD + "JI)I", NativeIoOp.READ);
      channel(d, "pread0", "(" + FD + "JIJ)I", NativeIoOp.PREAD);
      channel(d, "readv0", "(" + FD + "JI)J", NativeIoOp.READV);
      channel(d, "write0", "(" + FD + "JI)I", NativeIoOp.WRITE);
      channel(d, "pwrite0", "(" + FD + "JIJ)I", NativeIoOp.PWRITE);
      channel(d, "writev0", "(" + FD + "JI)J", NativeIoOp.WRITEV);
      channel(d, "seek0", "(" + FD + "J)J", NativeIoOp.SEEK);
      channel(d, "size0", "(" + FD + ")J", NativeIoOp.SIZE);
      channel(d, "truncate0", "(" + FD + "J)I", NativeIoOp.TRUNCATE);
      channel(d, "force0", "(" + FD + "Z)I", NativeIoOp.FORCE);
      channel(d, "available0", "(" + FD + ")I", NativeIoOp.AVAILABLE);
      channel(d, "isOther0", "(" + FD + ")Z", NativeIoOp.IS_OTHER);
      channel(d, "lock0", "(" + FD + "ZJJZ)I", NativeIoOp.LOCK);
      channel(d, "release0", "(" + FD + "JJ)V", NativeIoOp.RELEASE);
      channel(d, "map0", "(" + FD + "IJJZ)J", NativeIoOp.MAP);
    }
    add(FCI, "map0", "(IJJZ)J", NativeIoOp.MAP, false, FCI);

    String wbc = "Ljava/nio/channels/WritableByteChannel;";
    add(FCI, "transferToDirectly", "(JI" + wbc + ")J", NativeIoOp.TRANSFER_TO_DIRECT, false, FCI);
    add(FCI, "transferToDirect", "(JI" + wbc + ")J", NativeIoOp.TRANSFER_TO_DIRECT, false, FCI);
    add(FCI, "transferToTrustedChannel", "(JJ" + wbc + ")J", NativeIoOp.TRANSFER_TO_TRUSTED, false, FCI);
    add(FCI, "transferFromFileChannel", "(L" + FCI + ";JJ)J", NativeIoOp.TRANSFER_FROM_CHANNEL, false, FCI);
    add(FCI, "transferFromDirect", "(L" + FCI + ";JJ)J", NativeIoOp.TRANSFER_FROM_DIRECT, false, FCI);

    String jfs = "java/io/FileSystem";
    String file = "Ljava/io/File;";
    add(jfs, "delete", "(" + file + ")Z", NativeIoOp.FILE_DELETE, false, "java/io/File");
    add(jfs, "createFileExclusively", "(Ljava/lang/String;)Z", NativeIoOp.FILE_CREATE, false, "java/io/File");
    add(jfs, "createDirectory", "(" + file + ")Z", NativeIoOp.FILE_MKDIR, false, "java/io/File");
    add(jfs, "rename", "(" + file + file + ")Z", NativeIoOp.FILE_RENAME, false, "java/io/File");
    add(jfs, "setLastModifiedTime", "(" + file + "J)Z", NativeIoOp.FILE_SET_TIME, false, "java/io/File");
    add(jfs, "setReadOnly", "(" + file + ")Z", NativeIoOp.FILE_SET_READ_ONLY, false, "java/io/File");
    add(jfs, "setPermission", "(" + file + "IZZ)Z", NativeIoOp.FILE_SET_PERMISSION, false, "java/io/File");

    add("java/io/FileDescriptor", "close0", "()V", NativeIoOp.FD_CLOSE, false, "java/io/FileDescriptor");
    add("java/io/FileDescriptor", "sync0", "()V", NativeIoOp.FD_SYNC, false, "java/io/FileDescriptor");
    add(PREFS, "lockFile0", "(Ljava/lang/String;IZ)[I", NativeIoOp.PREFS_LOCK, true, nest(PREFS));
    add(PREFS, "unlockFile0", "(I)I", NativeIoOp.PREFS_UNLOCK, true, nest(PREFS));
    add(PREFS, "chmod", "(Ljava/lang/String;I)I", NativeIoOp.PREFS_CHMOD, true, nest(PREFS));
    String key = "sun/nio/ch/FileKey";
    add(key, "init", "(" + FD + ")V", NativeIoOp.FILE_KEY, false, key);
    add(key, "init", "(" + FD + "[J)V", NativeIoOp.FILE_KEY, true, key);

    raf("open0", "(Ljava/lang/String;I)V", NativeIoOp.RAF_OPEN, RAF);
    raf("read0", "()I", NativeIoOp.RAF_READ, RAF);
    raf("readBytes", "([BII)I", NativeIoOp.RAF_READ_BYTES, RAF);
    raf("readBytes0", "([BII)I", NativeIoOp.RAF_READ_BYTES, RAF);
    raf("write0", "(I)V", NativeIoOp.RAF_WRITE, RAF);
    raf("writeBytes", "([BII)V", NativeIoOp.RAF_WRITE_BYTES, RAF);
    raf("writeBytes0", "([BII)V", NativeIoOp.RAF_WRITE_BYTES, RAF);
    raf("seek0", "(J)V", NativeIoOp.RAF_SEEK, RAF);
    raf("length0", "()J", NativeIoOp.RAF_LENGTH, RAF);
    raf("setLength0", "(J)V", NativeIoOp.RAF_SET_LENGTH, RAF);
    String pi = "java/lang/ProcessImpl";
    String phi = "java/lang/ProcessHandleImpl";
    add(pi, "forkAndExec", "(I[B[B[BI[BI[B[IZ)I", NativeIoOp.PROCESS_FORK, false, pi);
    add(phi, "waitForProcessExit0", "(JZ)I", NativeIoOp.PROCESS_REAP, true, phi + "$1");
    add(phi, "destroy0", "(JJZ)Z", NativeIoOp.PROCESS_DESTROY, true, phi);
    add(phi, "getProcessPids0", "(J[J[J[J)I", NativeIoOp.PROCESS_LIST, true, phi);
    add(pi + "$ProcessPipeInputStream", "processExited", "()V", NativeIoOp.PROCESS_PIPE_EXITED, false, pi);
    add(pi + "$DeferredCloseProcessPipeInputStream", "processExited", "()V", NativeIoOp.PROCESS_PIPE_EXITED, false, pi);
    add(pi + "$ProcessPipeOutputStream", "processExited", "()V", NativeIoOp.PROCESS_PIPE_EXITED, false, pi);
    String lws = "sun/nio/fs/LinuxWatchService";
    add(lws, "inotifyInit", "()I", NativeIoOp.WATCH_INIT, true, nest(lws));
    add(lws, "inotifyAddWatch", "(IJI)I", NativeIoOp.WATCH_ADD, true, nest(lws));
    add(lws, "inotifyRmWatch", "(II)V", NativeIoOp.WATCH_REMOVE, true, nest(lws));
    add(lws, "poll", "(II)I", NativeIoOp.WATCH_POLL, true, nest(lws));
    add(UND, "read", "(IJI)I", NativeIoOp.WATCH_READ, true, lws + "$Poller");
    add(UND, "write", "(IJI)I", NativeIoOp.WATCH_WAKEUP, true, lws + "$Poller");

    // public natives (all of them on 17, getFilePointer still on 25): every class may call them
    raf("getFilePointer", "()J", NativeIoOp.RAF_POSITION, ANY);
    raf("length", "()J", NativeIoOp.RAF_LENGTH, ANY);
    raf("setLength", "(J)V", NativeIoOp.RAF_SET_LENGTH, ANY);
    nativeOn(java.io.FileDescriptor.class, "sync", "()V", NativeIoOp.FD_SYNC, ANY);
  }

  private NativeIoTable() {}

  /** A method of RandomAccessFile, if it is a native on this JDK (else its native is hooked). */
  private static void raf(String name, String desc, int op, String callers) {
    nativeOn(java.io.RandomAccessFile.class, name, desc, op, callers);
  }

  /** An instance method of {@code owner}, if it is a native on this JDK (else its native is hooked). */
  private static void nativeOn(Class<?> owner, String name, String desc, int op, String callers) {
    for (java.lang.reflect.Method m : owner.getDeclaredMethods()) {
      if (m.getName().equals(name)
          && org.objectweb.asm.Type.getMethodDescriptor(m).equals(desc)
          && java.lang.reflect.Modifier.isNative(m.getModifiers())) {
        boolean overridable = !java.lang.reflect.Modifier.isFinal(owner.getModifiers())
            && java.lang.reflect.Modifier.isPublic(m.getModifiers());
        add(org.objectweb.asm.Type.getInternalName(owner), name, desc, op, false, callers, overridable);
      }
    }
  }

  private static void fs(String name, String desc, int op) {
    add(UND, name, desc, op, true, "sun/nio/fs/");
  }

  private static void channel(String owner, String name, String desc, int op) {
    add(owner, name, desc, op, true, owner);
  }

  private static void add(String owner, String name, String desc, int op, boolean isStatic, String callers) {
    add(owner, name, desc, op, isStatic, callers, false);
  }

  private static void add(
      String owner, String name, String desc, int op, boolean isStatic, String callers, boolean overridable) {
    Entry e = new Entry(owner, name, desc, op, isStatic, callers, overridable);
    ENTRIES.add(e);
    BY_METHOD.computeIfAbsent(owner + '.' + name + desc, k -> new ArrayList<>()).add(e);
    if (e.reachedByDispatch) {
      BY_SHAPE.put(name + desc, e);
    }
  }

  /** The owners of the entries whose call sites are rewritten in every class. */
  public static java.util.Set<String> ownersCalledFromAnywhere() {
    java.util.Set<String> owners = new java.util.TreeSet<>();
    for (Entry e : ENTRIES) {
      if (e.callers.equals(ANY)) {
        owners.add(e.owner);
      }
    }
    return owners;
  }

  public static List<Entry> entries() {
    return Collections.unmodifiableList(ENTRIES);
  }

  /** The entry for a call from {@code caller}, or null if that call stays as it is. */
  public static Entry find(String caller, String owner, String name, String desc) {
    List<Entry> candidates = BY_METHOD.get(owner + '.' + name + desc);
    if (candidates != null) {
      for (Entry e : candidates) {
        if (e.calledFrom(caller)) {
          return e;
        }
      }
    }
    return null;
  }

  /**
   * The entry that a call of {@code owner.name desc} by {@code opcode} may reach though it names
   * another owner, or null: an interface's method (a class implementing it may inherit the native
   * from {@code RandomAccessFile}), or a method of a class outside the JDK, called virtually or by
   * {@code super} (a subclass may inherit it). Such a call reaches the native for some receivers or
   * classes only, so it is asked at run time ({@code NativeIoHooks.reachesNative}).
   */
  public static Entry reachedByDispatch(int opcode, String owner, String name, String desc, boolean itf) {
    Entry e = BY_SHAPE.get(name + desc);
    if (e == null || owner.equals(e.owner) || owner.startsWith("[")) {
      return null;
    }
    if (opcode == org.objectweb.asm.Opcodes.INVOKEINTERFACE) {
      return e;
    }
    boolean special = opcode == org.objectweb.asm.Opcodes.INVOKESPECIAL && !itf;
    if (opcode != org.objectweb.asm.Opcodes.INVOKEVIRTUAL && !special) {
      return null;
    }
    for (String jdk : JDK_PACKAGES) {
      if (owner.startsWith(jdk)) {
        return null;
      }
    }
    return e;
  }

  /** The JDK method's name for {@code op}, for the log and for reports. */
  public static String name(int op) {
    for (Entry e : ENTRIES) {
      if (e.op == op) {
        return e.name;
      }
    }
    return "operation " + op;
  }

  /**
   * Whether any call site in {@code caller} may be rewritten by an entry that names its callers
   * (those called from anywhere are found by the class's constant pool instead): read off the
   * entries, so a new caller needs no second list.
   */
  public static boolean rewritesIn(String caller) {
    for (Entry e : ENTRIES) {
      if (!e.callers.equals(ANY) && e.calledFrom(caller)) {
        return true;
      }
    }
    return false;
  }
}
