package ttd.agent.session;

import static ttd.runtime.NativeIoOp.*;

import java.io.ByteArrayOutputStream;
import java.nio.file.FileSystems;
import ttd.agent.io.NativeMemory;
import ttd.log.EventKind;
import ttd.runtime.RealCalls;

/**
 * A {@code WatchService} (the JDK's {@code LinuxWatchService}): its inotify descriptor, the
 * directories it watches, and its poller thread, which the program's {@code newWatchService()}
 * starts and ttd schedules as the program's.
 *
 * <p>The poller waits in a native {@code poll} of the inotify descriptor and of a socketpair's end
 * that requests (register, cancel, close) write to. That wait runs between {@link Blocking#begin}
 * and {@link Blocking#end}: it waits for another program thread (a registration, a file change)
 * and must not hold the baton meanwhile. Recording logs each call's outcome and the bytes each read
 * of the poller brought (inotify events, or a request's wake-up byte); replay performs none of
 * them, gives back the logged outcomes and copies the logged bytes into the poller's buffer, and
 * the wait returns at the hand-over the recording holds, so the events come from the log and the
 * watched directories may be gone. The socketpair and its blocking mode are left real in both (a
 * kernel object, no input); the inotify descriptor in replay is a {@code /dev/null} stand-in, so
 * the JDK's own close of it stays harmless.
 */
final class FileWatches {

  private static final int O_RDWR = 2;
  private static final int MAX_PATH = 4096;

  private final Blocking blocking;

  FileWatches(Blocking blocking) {
    this.blocking = blocking;
  }

  Object call(Exchange s, ThreadState t, RealCalls real, int op, Object[] a) throws Exception {
    switch (op) {
      case WATCH_INIT:
        Object fd = logged(s, t, real, op, a);
        return s.performsRealIo() ? fd : real.call(OPEN, new Object[] {devNull(), O_RDWR, 0});
      case WATCH_ADD:
        return logged(s, t, real, op, a, path((long) a[1]), "mask", a[2]);
      case WATCH_REMOVE:
        return logged(s, t, real, op, a, a[1]);
      case WATCH_POLL: // woken by another program thread (a registration) or a file change
        return NativeCalls.loggedAcross(blocking, "a WatchService's wait for file-system events",
            s, t, real, EventKind.FILE_WATCH, NativeCalls.key(WATCH_POLL), WATCH_POLL, a);
      case WATCH_READ:
        int n = (int) logged(s, t, real, op, a);
        if (n > 0) {
          s.exchangeNativeRead(t, n, (long) a[1], n, 0);
        }
        return n;
      default:
        return logged(s, t, real, op, a);
    }
  }

  private static Object logged(Exchange s, ThreadState t, RealCalls real, int op, Object[] a, Object... key)
      throws Exception {
    return NativeCalls.logged(s, t, real, EventKind.FILE_WATCH, NativeCalls.key(op, key), op, a, null);
  }

  /** The directory a registration names: the C string at {@code address}. */
  private static String path(long address) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    byte[] one = new byte[1];
    for (int i = 0; i < MAX_PATH; i++) {
      NativeMemory.read(address + i, one, 0, 1);
      if (one[0] == 0) {
        break;
      }
      b.write(one[0]);
    }
    return NativeCalls.latin1(b.toByteArray());
  }

  private static Object devNull() {
    return FileSystems.getDefault().getPath("/dev/null");
  }
}
