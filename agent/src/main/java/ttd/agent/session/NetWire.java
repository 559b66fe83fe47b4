package ttd.agent.session;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import ttd.log.EventKind;

/**
 * How network events carry their results: the value is the native's result + 8 (so the I/O status
 * codes -1..-7 stay one byte) and 0 when it threw; the payload holds the operation code, addresses
 * and the exception, written here and read back in replay.
 */
final class NetWire {

  /** The logged value of a call that threw. */
  static final long FAILED = 0;

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
  private final DataOutputStream out = new DataOutputStream(bytes);

  static long value(long result) {
    return result + 8;
  }

  static long result(long value) {
    return value - 8;
  }

  /** Starts a payload with the operation code. */
  static NetWire of(int op) {
    NetWire w = new NetWire();
    w.bytes.write(op);
    return w;
  }

  NetWire text(String s) {
    try {
      out.writeBoolean(s != null);
      if (s != null) {
        out.writeUTF(s);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  NetWire number(int v) {
    try {
      out.writeInt(v);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** An address as the native returned it: its host name only if it already had one. */
  NetWire address(InetAddress a) {
    if (a == null) {
      return number(-1);
    }
    byte[] raw = a.getAddress();
    number(raw.length);
    bytes.write(raw, 0, raw.length);
    String s = a.toString(); // "host/literal": never triggers a reverse lookup
    int slash = s.indexOf('/');
    return text(slash > 0 ? s.substring(0, slash) : null);
  }

  /**
   * Record: the exception's class, message and native frame; {@code e} itself gets the stack trace
   * the program would see without ttd ({@link NativeStacks}) before it is thrown on.
   */
  NetWire failure(IOException e) {
    String frame = NativeStacks.nativeFrame(e);
    NativeStacks.asThrownBy(e, frame);
    return text(e.getClass().getName()).text(e.getMessage()).text(frame);
  }

  byte[] toBytes() {
    return bytes.toByteArray();
  }

  /**
   * Record: logs that {@code op} threw {@code e} as an event of {@code kind} (value {@link #FAILED},
   * the {@link #failure} payload) and returns {@code e} to throw. Called holding the baton again,
   * where the replay reads it.
   */
  static IOException logged(Exchange s, ThreadState t, EventKind kind, int op, IOException e) {
    byte[] p = of(op).failure(e).toBytes();
    s.exchangeData(t, kind, FAILED, p, 0, p.length, null);
    return e;
  }

  /** Reads a payload back. */
  static final class Reader {
    private final DataInputStream in;
    final int op;

    Reader(byte[] payload) {
      in = new DataInputStream(new ByteArrayInputStream(payload));
      op = payload.length == 0 ? -1 : next();
    }

    private int next() {
      try {
        return in.readUnsignedByte();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private boolean more() {
      try {
        return in.available() > 0;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String text() {
      try {
        return in.readBoolean() ? in.readUTF() : null;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    int number() {
      try {
        return in.readInt();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    InetAddress address() {
      int n = number();
      if (n < 0) {
        return null;
      }
      try {
        byte[] raw = in.readNBytes(n);
        return InetAddress.getByAddress(text(), raw);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /**
     * The recorded exception, rebuilt as the JDK class it was when the JDK can build it, with the
     * stack trace the recorded one had below the hook's caller (recordings made before the
     * native's frame was logged have none).
     */
    IOException failure() {
      String type = text();
      String message = text();
      String frame = more() ? text() : null;
      IOException e;
      try {
        Class<?> c = Class.forName(type, false, null);
        e = (IOException) c.getConstructor(String.class).newInstance(message);
      } catch (ReflectiveOperationException | RuntimeException failed) {
        e = new IOException(message);
      }
      return NativeStacks.asThrownBy(e, frame);
    }
  }
}
