package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;
import ttd.runtime.NetHooks;

/**
 * The running JDK's networking classes, rewritten: every call of a captured network native, in
 * whichever class of java.base it is, goes through a hook that exists with that descriptor.
 */
class NetworkCallsInstrumentationTest {

  private static final FileSystem JRT = FileSystems.getFileSystem(URI.create("jrt:/"));

  @Test
  void noCallerOfACapturedNetworkNativeInJavaBaseIsLeftOut() throws IOException {
    ClassFileInstrumenter instrumenter = new ClassFileInstrumenter(null);
    List<String> left = new ArrayList<>();
    Set<String> hooked = new TreeSet<>();
    for (Path dir : List.of(JRT.getPath("/modules/java.base/sun/nio/ch"), JRT.getPath("/modules/java.base/java/net"))) {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
          String name = file.toString().substring("/modules/java.base/".length()).replace(".class", "");
          byte[] original = Files.readAllBytes(file);
          if (capturedCalls(name, MethodCalls.in(original)).isEmpty()) {
            continue;
          }
          byte[] rewritten = instrumenter.instrument(name, original);
          List<String> after = rewritten == null ? MethodCalls.in(original) : MethodCalls.in(rewritten);
          for (String c : capturedCalls(name, after)) {
            left.add(name + " -> " + c);
          }
          for (String c : after) {
            if (c.startsWith("ttd/runtime/NetHooks.onNet") || c.startsWith("ttd/runtime/NetHooks.onSocket")) {
              hooked.add(c);
            }
          }
        }
      }
    }
    assertEquals(List.of(), left, "calls of captured natives left in place");
    assertTrue(hooked.size() >= 20, hooked.toString());
    for (String c : hooked) {
      assertTrue(hookExists(c), "no hook " + c);
    }
  }

  @Test
  void theNameServiceCallsItsImplementationThroughTheLookupHooks() throws IOException {
    String type = Runtime.version().feature() >= 18 ? "java/net/InetAddress$PlatformResolver" : "java/net/InetAddress$PlatformNameService";
    byte[] original = Files.readAllBytes(JRT.getPath("/modules/java.base/" + type + ".class"));
    List<String> after = MethodCalls.in(new ClassFileInstrumenter(null).instrument(type, original));
    assertTrue(after.stream().anyMatch(c -> c.startsWith("ttd/runtime/NetHooks.onNetLookup(Ljava/lang/Object;Ljava/lang/String;")), after.toString());
    assertTrue(after.stream().anyMatch(c -> c.equals("ttd/runtime/NetHooks.onNetReverseLookup(Ljava/lang/Object;[B)Ljava/lang/String;")), after.toString());
    assertTrue(after.stream().noneMatch(c -> c.startsWith("java/net/InetAddressImpl.lookupAllHostAddr")), after.toString());
  }

  @Test
  void theAsynchronousChannelsConnectAcceptAndPortGoThroughHooks() throws IOException {
    assertHooked("sun/nio/ch/UnixAsynchronousSocketChannelImpl", "sun/nio/ch/UnixAsynchronousSocketChannelImpl.checkConnect",
        "ttd/runtime/NetHooks.onNetCheckConnect(I)V");
    assertHooked("sun/nio/ch/UnixAsynchronousServerSocketChannelImpl", "sun/nio/ch/Net.accept",
        "ttd/runtime/NetHooks.onNetAccept(Ljava/io/FileDescriptor;Ljava/io/FileDescriptor;[Ljava/net/InetSocketAddress;)I");
    assertHooked("sun/nio/ch/EPollPort", "sun/nio/ch/IOUtil.makePipe", "ttd/runtime/NetHooks.onNetPipeOpen(Z)J");
    assertHooked("sun/nio/ch/EPollPort", "sun/nio/ch/EPoll.ctl", "ttd/runtime/NetHooks.onNetSelectorControl(IIII)I");
    assertHooked("sun/nio/ch/EPollPort$EventHandlerTask", "sun/nio/ch/EPoll.wait", "ttd/runtime/NetHooks.onNetSelectorWait(IJII)I");
  }

  @Test
  void theProgramsOwnPipeIsMadeThroughTheHookSoItsEndsMapInReplay() throws IOException {
    assertHooked("sun/nio/ch/PipeImpl", "sun/nio/ch/IOUtil.makePipe", "ttd/runtime/NetHooks.onNetPipeOpen(Z)J");
  }

  /** {@code type}, as the agent rewrites it, calls {@code hook} and no longer {@code callee}. */
  private static void assertHooked(String type, String callee, String hook) throws IOException {
    byte[] original = Files.readAllBytes(JRT.getPath("/modules/java.base/" + type + ".class"));
    assertTrue(MethodCalls.in(original).stream().anyMatch(c -> c.startsWith(callee + "(")), type + " calls " + callee);
    byte[] rewritten = new ClassFileInstrumenter(null).instrument(type, original);
    List<String> after = MethodCalls.in(rewritten == null ? original : rewritten);
    assertTrue(after.contains(hook), type + " calls " + hook + ": " + after);
    assertTrue(after.stream().noneMatch(c -> c.startsWith(callee + "(")), type + " still calls " + callee);
    assertTrue(hookExists(hook), "no hook " + hook);
  }

  private static List<String> capturedCalls(String type, List<String> calls) {
    Set<String> replaced = new TreeSet<>();
    for (Capture c : CaptureTable.replacedIn(type)) {
      replaced.add(c.method());
    }
    List<String> found = new ArrayList<>();
    for (String c : calls) {
      if (replaced.contains(c)) {
        found.add(c);
      }
    }
    return found;
  }

  private static boolean hookExists(String call) {
    String name = call.substring("ttd/runtime/NetHooks.".length(), call.indexOf('('));
    String desc = call.substring(call.indexOf('('));
    for (var m : NetHooks.class.getMethods()) {
      if (m.getName().equals(name) && Type.getMethodDescriptor(m).equals(desc)) {
        return true;
      }
    }
    return false;
  }
}
