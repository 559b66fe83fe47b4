package ttd.e2e;

import com.sun.jdi.VirtualMachine;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;

/**
 * ttd's vendor commands (docs/jdwp.md) sent on the JDK's JDI connection itself, as an IDE plugin
 * built on JDI would: JDI has no public raw-packet API, so its own packet class is used (the e2e
 * tests open {@code jdk.jdi/com.sun.tools.jdi} for this).
 */
final class VendorPackets {

  private static final int VENDOR = 0xF0;

  private VendorPackets() {}

  /** ReverseContinue (0xF0/2): what the console printed; the stop follows as an event. */
  static String reverseContinue(VirtualMachine vm) throws Exception {
    Object packet = packet(vm, 2);
    call(packet, "send");
    call(packet, "waitForReply");
    return (String) call(packet, "readString");
  }

  private static Object packet(VirtualMachine vm, int command) throws ReflectiveOperationException {
    Class<?> type = Class.forName("com.sun.tools.jdi.PacketStream");
    Constructor<?> c = type.getDeclaredConstructor(Class.forName("com.sun.tools.jdi.VirtualMachineImpl"), int.class, int.class);
    c.setAccessible(true);
    return c.newInstance(vm, VENDOR, command);
  }

  private static Object call(Object packet, String name) throws ReflectiveOperationException {
    Method m = packet.getClass().getDeclaredMethod(name);
    m.setAccessible(true);
    return m.invoke(packet);
  }
}
