package ttd.runtime;

import java.io.File;
import java.io.FileDescriptor;

/**
 * The hooks that stand in for the file system and file channels below {@code java.nio.file},
 * {@code FileChannel} and {@code java.io.File}'s changes (the group of I/O hooks beside {@link
 * Hooks}, whose delegate they share).
 *
 * <p>Each call site of a JDK method the agent's table names is replaced by the method here whose
 * parameters are the call's own (the receiver first for an instance method; types outside {@code
 * java.*} travel as {@code Object}) followed by the operation ({@link NativeIoOp}). Every one
 * forwards, boxed, to {@link HookDelegate#onNativeIo}; with no delegate, to the real method. The
 * names say only the returned type: the operation number says what the call is.
 */
public final class NativeIoHooks {

  private static volatile RealNativeIo real;

  private NativeIoHooks() {}

  /** Installs the real methods, before any of their call sites is rewritten. */
  public static void installReal(RealNativeIo realNativeIo) {
    real = realNativeIo;
  }

  /**
   * Whether a call the program makes through an interface or a subclass, which may reach one of
   * the JDK's natives or the program's own code, reaches the native numbered {@code op} on {@code
   * receiver}: then the program's class calls the hook in the call's place, else the call as it
   * was. The answer depends on the receiver's class alone, so a replay takes the recording's path.
   */
  public static boolean reachesNative(Object receiver, int op) {
    RealNativeIo r = real;
    return r != null && receiver != null && r.resolvesToJdkMethod(op, receiver.getClass());
  }

  /** Whether a {@code super} call naming {@code owner}, a program's class, reaches the native numbered {@code op}. */
  public static boolean superReachesNative(Class<?> owner, int op) {
    RealNativeIo r = real;
    return r != null && r.resolvesToJdkMethod(op, owner);
  }

  private static Object call(int op, Object[] args) throws Exception {
    return Hooks.delegate().onNativeIo(real, op, args);
  }

  public static void onNativeIoVoid(Object a0, Object a1, int op) throws Exception {
    call(op, new Object[] {a0, a1});
  }

  public static void onNativeIoVoid(int a0, Object a1, int op) throws Exception {
    call(op, new Object[] {a0, a1});
  }

  public static void onNativeIoVoid(int a0, byte[] a1, int a2, Object a3, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2, a3});
  }

  public static void onNativeIoVoid(Object a0, int a1, int op) throws Exception {
    call(op, new Object[] {a0, a1});
  }

  public static void onNativeIoVoid(long a0, int op) throws Exception {
    call(op, new Object[] {a0});
  }

  public static void onNativeIoVoid(int a0, int op) throws Exception {
    call(op, new Object[] {a0});
  }

  public static void onNativeIoVoid(Object a0, int op) throws Exception {
    call(op, new Object[] {a0});
  }

  public static void onNativeIoVoid(byte[] a0, Object a1, int op) throws Exception {
    call(op, new Object[] {a0, a1});
  }

  public static void onNativeIoVoid(Object a0, int a1, int a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(Object a0, long a1, long a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(int a0, Object a1, long a2, long a3, int a4, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2, a3, a4});
  }

  public static void onNativeIoVoid(int a0, Object a1, int a2, int a3, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2, a3});
  }

  public static void onNativeIoVoid(int a0, long a1, long a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(int a0, int a1, int op) throws Exception {
    call(op, new Object[] {a0, a1});
  }

  public static void onNativeIoVoid(int a0, int a1, int a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(int a0, byte[] a1, int a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(int a0, byte[] a1, int a2, byte[] a3, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2, a3});
  }

  public static void onNativeIoVoid(Object a0, int a1, long a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(FileDescriptor a0, long a1, long a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(Object a0, FileDescriptor a1, int op) throws Exception {
    call(op, new Object[] {a0, a1});
  }

  public static void onNativeIoVoid(FileDescriptor a0, long[] a1, int op) throws Exception {
    call(op, new Object[] {a0, a1});
  }

  public static void onNativeIoVoid(FileDescriptor a0, int op) throws Exception {
    call(op, new Object[] {a0});
  }

  public static void onNativeIoVoid(Object a0, String a1, int a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(Object a0, byte[] a1, int a2, int a3, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2, a3});
  }

  public static void onNativeIoVoid(Object a0, long a1, int op) throws Exception {
    call(op, new Object[] {a0, a1});
  }

  public static void onNativeIoVoid(int a0, int a1, long a2, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2});
  }

  public static void onNativeIoVoid(Object a0, int a1, int a2, long a3, int a4, long a5, int op) throws Exception {
    call(op, new Object[] {a0, a1, a2, a3, a4, a5});
  }

  public static int onNativeIoInt(Object a0, int a1, int a2, long a3, int op) throws Exception {
    return (int) call(op, new Object[] {a0, a1, a2, a3});
  }

  public static int onNativeIoInt(Object a0, int a1, int a2, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2});
  }

  public static int onNativeIoInt(int a0, byte[] a1, int a2, int a3, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2, a3});
  }

  public static int onNativeIoInt(Object a0, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0});
  }

  public static int onNativeIoInt(Object a0, Object a1, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1});
  }

  public static int onNativeIoInt(Object a0, int a1, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1});
  }

  public static int onNativeIoInt(int op) throws Exception {
    return (Integer) call(op, new Object[] {});
  }

  public static int onNativeIoInt(int a0, int a1, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1});
  }

  public static int onNativeIoInt(int a0, long a1, int a2, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2});
  }

  public static int onNativeIoInt(int a0, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0});
  }

  public static int onNativeIoInt(String a0, int a1, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1});
  }

  public static int[] onNativeIoInts(String a0, int a1, boolean a2, int op) throws Exception {
    return (int[]) call(op, new Object[] {a0, a1, a2});
  }

  public static int onNativeIoInt(FileDescriptor a0, long a1, int a2, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2});
  }

  public static int onNativeIoInt(FileDescriptor a0, long a1, int a2, long a3, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2, a3});
  }

  public static int onNativeIoInt(FileDescriptor a0, long a1, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1});
  }

  public static int onNativeIoInt(FileDescriptor a0, boolean a1, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1});
  }

  public static int onNativeIoInt(FileDescriptor a0, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0});
  }

  public static int onNativeIoInt(FileDescriptor a0, boolean a1, long a2, long a3, boolean a4, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2, a3, a4});
  }

  public static int onNativeIoInt(Object a0, byte[] a1, int a2, int a3, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2, a3});
  }

  public static int onNativeIoInt(Object a0, int a1, byte[] a2, byte[] a3, byte[] a4, int a5, byte[] a6, int a7, byte[] a8, int[] a9, boolean a10, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10});
  }

  public static int onNativeIoInt(long a0, long[] a1, long[] a2, long[] a3, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1, a2, a3});
  }

  public static int onNativeIoInt(long a0, boolean a1, int op) throws Exception {
    return (Integer) call(op, new Object[] {a0, a1});
  }

  public static long onNativeIoLong(Object a0, long a1, int op) throws Exception {
    return (Long) call(op, new Object[] {a0, a1});
  }

  public static long onNativeIoLong(Object a0, int op) throws Exception {
    return (Long) call(op, new Object[] {a0});
  }

  public static long onNativeIoLong(int a0, int op) throws Exception {
    return (Long) call(op, new Object[] {a0});
  }

  public static long onNativeIoLong(FileDescriptor a0, int a1, long a2, long a3, boolean a4, int op)
      throws Exception {
    return (Long) call(op, new Object[] {a0, a1, a2, a3, a4});
  }

  public static long onNativeIoLong(Object a0, int a1, long a2, long a3, boolean a4, int op) throws Exception {
    return (Long) call(op, new Object[] {a0, a1, a2, a3, a4});
  }

  public static long onNativeIoLong(FileDescriptor a0, long a1, int a2, int op) throws Exception {
    return (Long) call(op, new Object[] {a0, a1, a2});
  }

  public static long onNativeIoLong(FileDescriptor a0, long a1, int op) throws Exception {
    return (Long) call(op, new Object[] {a0, a1});
  }

  public static long onNativeIoLong(FileDescriptor a0, int op) throws Exception {
    return (Long) call(op, new Object[] {a0});
  }

  public static long onNativeIoLong(Object a0, long a1, int a2, Object a3, int op) throws Exception {
    return (Long) call(op, new Object[] {a0, a1, a2, a3});
  }

  public static long onNativeIoLong(Object a0, long a1, long a2, Object a3, int op) throws Exception {
    return (Long) call(op, new Object[] {a0, a1, a2, a3});
  }

  public static long onNativeIoLong(Object a0, Object a1, long a2, long a3, int op) throws Exception {
    return (Long) call(op, new Object[] {a0, a1, a2, a3});
  }

  public static boolean onNativeIoBoolean(Object a0, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0});
  }

  public static boolean onNativeIoBoolean(FileDescriptor a0, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0});
  }

  public static boolean onNativeIoBoolean(Object a0, File a1, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0, a1});
  }

  public static boolean onNativeIoBoolean(Object a0, String a1, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0, a1});
  }

  public static boolean onNativeIoBoolean(Object a0, File a1, File a2, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0, a1, a2});
  }

  public static boolean onNativeIoBoolean(Object a0, File a1, long a2, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0, a1, a2});
  }

  public static boolean onNativeIoBoolean(Object a0, File a1, int a2, boolean a3, boolean a4, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0, a1, a2, a3, a4});
  }

  public static boolean onNativeIoBoolean(boolean a0, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0});
  }

  public static boolean onNativeIoBoolean(long a0, long a1, boolean a2, int op) throws Exception {
    return (Boolean) call(op, new Object[] {a0, a1, a2});
  }

  public static byte[] onNativeIoBytes(Object a0, int op) throws Exception {
    return (byte[]) call(op, new Object[] {a0});
  }

  public static byte[] onNativeIoBytes(long a0, int op) throws Exception {
    return (byte[]) call(op, new Object[] {a0});
  }
}
