package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;
import ttd.agent.io.NativeIoTable;
import ttd.runtime.NativeIoHooks;

/** Every JDK method the native I/O table names has a hook whose descriptor fits its call sites. */
class NativeIoRewriterTest {

  @Test
  void everyTableEntryHasAHookWithTheRewrittenDescriptor() {
    List<String> missing = new ArrayList<>();
    for (NativeIoTable.Entry e : NativeIoTable.entries()) {
      String name = NativeIoRewriter.hookName(e.desc);
      String desc = NativeIoRewriter.hookDescriptor(e);
      boolean found = false;
      for (Method m : NativeIoHooks.class.getMethods()) {
        found |= m.getName().equals(name) && Type.getMethodDescriptor(m).equals(desc);
      }
      if (!found) {
        missing.add(e.owner + "." + e.name + e.desc + " -> " + name + desc);
      }
    }
    assertEquals(List.of(), missing);
  }

  @Test
  void fileDescriptorsSyncNativeOfThisJdkIsInTheTableForItsCallers() {
    List<String> natives = new ArrayList<>();
    for (Method m : java.io.FileDescriptor.class.getDeclaredMethods()) {
      if (m.getName().startsWith("sync") && java.lang.reflect.Modifier.isNative(m.getModifiers())) {
        natives.add(m.getName());
        String fd = "java/io/FileDescriptor";
        // a public native is called from the program's classes; a private one from sync()
        String caller = java.lang.reflect.Modifier.isPublic(m.getModifiers()) ? "app/Store" : fd;
        NativeIoTable.Entry e = NativeIoTable.find(caller, fd, m.getName(), Type.getMethodDescriptor(m));
        assertNotNull(e, m.getName());
        assertEquals(ttd.runtime.NativeIoOp.FD_SYNC, e.op);
      }
    }
    assertEquals(1, natives.size(), "FileDescriptor's sync natives: " + natives);
  }

  @Test
  void theChannelReadOfThisJdkIsInTheTable() {
    String owner =
        Runtime.version().feature() >= 21 ? "sun/nio/ch/UnixFileDispatcherImpl" : "sun/nio/ch/FileDispatcherImpl";
    NativeIoTable.Entry read = NativeIoTable.find(owner, owner, "read0", "(Ljava/io/FileDescriptor;JI)I");
    assertNotNull(read);
    assertTrue(read.isStatic);
    assertEquals("(Ljava/io/FileDescriptor;JII)I", NativeIoRewriter.hookDescriptor(read));
  }
}
