package ttd.agent.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodType;
import java.util.List;
import ttd.runtime.NativeIoOp;
import org.junit.jupiter.api.Test;

/**
 * {@link RealNativeIoCalls#prepare} finds every operation before the program runs, so that the
 * classes finding links do not depend on which operations a mode used first. The test JVM opens
 * {@code sun.nio.fs} to it, as the launcher opens it to the agent.
 */
class RealNativeIoCallsTest {

  @Test
  void preparingResolvesEveryFileSystemOperationBeforeItsFirstCall() {
    List<NativeIoTable.Entry> fileSystem = NativeIoTable.entries().stream()
        .filter(e -> e.owner.equals("sun/nio/fs/UnixNativeDispatcher") && onThisJdk(e))
        .toList();
    assertFalse(fileSystem.isEmpty());

    RealNativeIoCalls.prepare();

    for (NativeIoTable.Entry e : fileSystem) {
      assertTrue(RealNativeIoCalls.resolved(e.op), e.name + e.desc);
    }
  }

  @Test
  void aCallReturnsTheJdksResultAndThrowsTheJdksOwnException() throws Exception {
    RealNativeIoCalls calls = new RealNativeIoCalls();
    int fd = (Integer) calls.call(NativeIoOp.DUP, new Object[] {0});
    assertTrue(fd > 2, "a new descriptor: " + fd);
    assertNull(calls.call(NativeIoOp.CLOSE, new Object[] {fd}));
    Exception refused = assertThrows(Exception.class, () -> calls.call(NativeIoOp.DUP, new Object[] {-1}));
    assertEquals("sun.nio.fs.UnixException", refused.getClass().getName());
  }

  private static boolean onThisJdk(NativeIoTable.Entry e) {
    try {
      Class<?> owner = Class.forName(e.owner.replace('/', '.'), false, null);
      MethodType type = MethodType.fromMethodDescriptorString(e.desc, null);
      return owner.getDeclaredMethod(e.name, type.parameterArray()).getReturnType() == type.returnType();
    } catch (ReflectiveOperationException | TypeNotPresentException otherJdk) {
      return false;
    }
  }
}
