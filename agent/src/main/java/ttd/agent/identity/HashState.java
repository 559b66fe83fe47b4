package ttd.agent.identity;

/**
 * Reads and writes the per-thread state HotSpot draws identity hash codes from.
 *
 * <p>With the default {@code -XX:hashCode=5}, a thread's identity hashes come from its own
 * xor-shift generator (fields {@code _hashStateW/X/Y/Z} of the native thread), seeded from a global
 * generator when the thread starts; class loading, agents and debuggers all move that global
 * generator (see docs/ARCHITECTURE.md). Recording each thread's state when it begins and writing it
 * back in replay makes {@code HashSet<Object>} order replay whatever else the JVM does. The field
 * offset is found at start-up by probing a fresh thread and checking that the state predicts its
 * first hash; where it cannot be found (another JVM, another layout) this reports itself
 * unavailable instead of guessing.
 */
public final class HashState {

  static final int W0 = 273326509;
  static final int Y0 = 842502087;
  static final int Z0 = 0x8767;
  private static final int SCAN_LIMIT = 1536;
  private static final int WARM_UP = 1000;

  private static long eetopOffset = -1;
  private static int stateOffset = -1;

  private HashState() {}

  /** Finds the state's offset; returns false (and stays unavailable) if it cannot be proven. */
  public static synchronized boolean probe() {
    if (stateOffset >= 0) {
      return true;
    }
    try {
      eetopOffset = InternalUnsafe.fieldOffset(Thread.class, "eetop");
    } catch (RuntimeException e) {
      return false;
    }
    // Warm the method handles up here: the JDK spins classes for a handle after its first
    // hundred calls, and that hashes objects, which must not happen on the probe thread.
    long base = 0;
    for (int i = 0; i < WARM_UP; i++) {
      base = InternalUnsafe.getLong(Thread.currentThread(), eetopOffset);
      InternalUnsafe.getInt(base);
    }
    if (base == 0) {
      return false;
    }
    Probe t = new Probe();
    t.start();
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    stateOffset = t.found;
    if (stateOffset < 0) {
      return false;
    }
    for (int i = 0; i < WARM_UP; i++) {
      write(read());
    }
    return true;
  }

  /** A fresh thread that finds its own hash state; a plain subclass, since lambdas hash objects. */
  private static final class Probe extends Thread {
    int found = -1;

    Probe() {
      super("ttd-hash-probe");
      setDaemon(true);
    }

    @Override
    public void run() {
      found = scanCurrentThread();
    }
  }

  private static int scanCurrentThread() {
    long base = InternalUnsafe.getLong(Thread.currentThread(), eetopOffset);
    if (base == 0) {
      return -1;
    }
    for (int off = 0; off <= SCAN_LIMIT; off += 4) {
      if (InternalUnsafe.getInt(base + off) == W0
          && InternalUnsafe.getInt(base + off + 8) == Y0
          && InternalUnsafe.getInt(base + off + 12) == Z0) {
        int x = InternalUnsafe.getInt(base + off + 4);
        if (nextHash(new int[] {W0, x, Y0, Z0}) == System.identityHashCode(new Object())) {
          return off;
        }
        return -1;
      }
    }
    return -1;
  }

  public static boolean available() {
    return stateOffset >= 0;
  }

  /** Whether the current thread has a state of its own to read and write (a virtual one has not). */
  public static boolean ownState() {
    return available() && address() != 0;
  }

  /** The current thread's state as W, X, Y, Z. */
  public static int[] read() {
    long a = address();
    if (a == 0) {
      return new int[4];
    }
    return new int[] {
      InternalUnsafe.getInt(a),
      InternalUnsafe.getInt(a + 4),
      InternalUnsafe.getInt(a + 8),
      InternalUnsafe.getInt(a + 12)
    };
  }

  /** Copies the current thread's state into {@code into} (four ints), allocating nothing. */
  public static void save(int[] into) {
    long a = address();
    if (a == 0) {
      return;
    }
    into[0] = InternalUnsafe.getInt(a);
    into[1] = InternalUnsafe.getInt(a + 4);
    into[2] = InternalUnsafe.getInt(a + 8);
    into[3] = InternalUnsafe.getInt(a + 12);
  }

  /** Makes the current thread continue from {@code state} (as {@link #read} returned it). */
  public static void write(int[] state) {
    long a = address();
    if (a == 0) {
      return;
    }
    InternalUnsafe.putInt(a, state[0]);
    InternalUnsafe.putInt(a + 4, state[1]);
    InternalUnsafe.putInt(a + 8, state[2]);
    InternalUnsafe.putInt(a + 12, state[3]);
  }

  /**
   * Runs {@code agentWork} on the current (program) thread and puts the thread's state back after
   * it: what ttd does there in one mode only (a replay delivering a recorded signal, loading an
   * attached agent) draws no hash the program would otherwise have drawn. Pass an object made
   * without {@code invokedynamic}: linking a lambda hashes objects before the state is saved.
   */
  public static void keptAround(Runnable agentWork) {
    int[] saved = available() ? read() : null;
    try {
      agentWork.run();
    } finally {
      if (saved != null) {
        write(saved);
      }
    }
  }

  /** A fresh thread's state seeded with {@code seed} (as the JVM seeds one from its generator). */
  public static int[] seeded(int seed) {
    return new int[] {W0, seed == 0 ? 1 : seed, Y0, Z0};
  }

  /** The state as the 16 bytes of a THREAD_BEGIN event. */
  public static byte[] toBytes(int[] s) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    for (int v : s) {
      b.putInt(v);
    }
    return b.array();
  }

  /** The state, or null if the recording holds none (the recording JVM could not read it). */
  public static int[] fromBytes(byte[] bytes) {
    if (bytes == null || bytes.length != 16) {
      return null;
    }
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    return new int[] {b.getInt(), b.getInt(), b.getInt(), b.getInt()};
  }

  /**
   * The current thread's state in native memory, or 0 on a virtual thread (its {@code eetop} is 0:
   * it has no native thread of its own; its carrier's state is not its to change).
   */
  private static long address() {
    long eetop = InternalUnsafe.getLong(Thread.currentThread(), eetopOffset);
    return eetop == 0 ? 0 : eetop + stateOffset;
  }

  /** HotSpot's Marsaglia xor-shift step, as {@code ObjectSynchronizer::get_next_hash} does it. */
  static int nextHash(int[] s) {
    int t = s[1];
    t ^= (t << 11);
    int v = s[0];
    v = (v ^ (v >>> 19)) ^ (t ^ (t >>> 8));
    int value = v & 0x7FFFFFFF;
    return value == 0 ? 0xBAD : value;
  }
}
