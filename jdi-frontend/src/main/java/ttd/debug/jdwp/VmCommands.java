package ttd.debug.jdwp;

import com.sun.jdi.ModuleReference;
import com.sun.jdi.PathSearchingVirtualMachine;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadGroupReference;
import com.sun.jdi.VirtualMachine;
import java.util.ArrayList;
import java.util.List;

/**
 * The VirtualMachine command set: what the replay JVM the console shows has loaded and runs,
 * the server's capabilities, and suspend and resume as the shared position understands them.
 */
final class VmCommands {

  private final Client client;

  VmCommands(Client client) {
    this.client = client;
  }

  void version(Call c) {
    VirtualMachine vm = c.ids().vm();
    String version = vm.version();
    int major = feature(version);
    c.out().writeString("ttd time-travel replay (JDWP server of ttd debug), over " + vm.description())
        .writeInt(major).writeInt(0).writeString(version).writeString(vm.name());
  }

  static int feature(String version) {
    String digits = version.startsWith("1.") ? version.substring(2) : version;
    int end = 0;
    while (end < digits.length() && Character.isDigit(digits.charAt(end))) {
      end++;
    }
    return end == 0 ? 17 : Integer.parseInt(digits.substring(0, end));
  }

  void classesBySignature(Call c) {
    String signature = c.in().readString();
    List<Long> found = new ArrayList<>();
    for (long t : c.ids().allTypes()) {
      if (c.ids().typeEntry(t).signature.equals(signature)) {
        found.add(t);
      }
    }
    c.out().writeInt(found.size());
    for (long t : found) {
      c.out().writeByte(c.ids().typeEntry(t).tag).writeId(t).writeInt(status(c.ids().typeMirror(t)));
    }
  }

  void allClasses(Call c, boolean generic) {
    List<Long> all = c.ids().allTypes();
    c.out().writeInt(all.size());
    for (long t : all) {
      Ids.TypeEntry e = c.ids().typeEntry(t);
      ReferenceType mirror = c.ids().typeMirror(t);
      c.out().writeByte(e.tag).writeId(t).writeString(e.signature);
      if (generic) {
        String g = mirror.genericSignature();
        c.out().writeString(g == null ? "" : g);
      }
      c.out().writeInt(status(mirror));
    }
    client.announced(all);
  }

  /** JDWP ClassStatus bits: VERIFIED 1, PREPARED 2, INITIALIZED 4, ERROR 8. */
  static int status(ReferenceType t) {
    int s = 0;
    if (t.isVerified()) s |= 1;
    if (t.isPrepared()) s |= 2;
    if (t.isInitialized()) s |= 4;
    if (t.failedToInitialize()) s |= 8;
    return s;
  }

  void allThreads(Call c) {
    var threads = c.ids().threads();
    c.out().writeInt(threads.size());
    for (long t : threads.keySet()) {
      c.out().writeId(t);
    }
  }

  void topLevelThreadGroups(Call c) {
    List<ThreadGroupReference> groups = c.ids().vm().topLevelThreadGroups();
    c.out().writeInt(groups.size());
    for (ThreadGroupReference g : groups) {
      c.out().writeId(c.ids().object(g));
    }
  }

  void dispose(Call c) {
    client.detach();
    client.afterReply(client::close);
  }

  void idSizes(Call c) {
    for (int i = 0; i < 5; i++) {
      c.out().writeInt(8);
    }
  }

  void suspend(Call c) {
    client.suspend();
  }

  void resume(Call c) {
    client.resume();
  }

  void createString(Call c) {
    c.out().writeId(c.ids().object(c.ids().vm().mirrorOf(c.in().readString())));
  }

  void capabilities(Call c) {
    boolean[] caps = capabilitiesNew(c.ids().vm());
    for (int i = 0; i < 7; i++) {
      c.out().writeBoolean(caps[i]);
    }
  }

  void capabilitiesNew(Call c) {
    for (boolean b : capabilitiesNew(c.ids().vm())) {
      c.out().writeBoolean(b);
    }
  }

  /**
   * The 32 capabilities of CapabilitiesNew, in the specification's order: reading is what the
   * replay JVM can read; changing history is off; popping frames is on (a reverse step out).
   */
  private static boolean[] capabilitiesNew(VirtualMachine vm) {
    return new boolean[] {
      vm.canWatchFieldModification(), vm.canWatchFieldAccess(), vm.canGetBytecodes(), vm.canGetSyntheticAttribute(),
      vm.canGetOwnedMonitorInfo(), vm.canGetCurrentContendedMonitor(), vm.canGetMonitorInfo(),
      false, // canRedefineClasses
      false, // canAddMethod
      false, // canUnrestrictedlyRedefineClasses
      true, // canPopFrames: a reverse step out
      vm.canUseInstanceFilters(), vm.canGetSourceDebugExtension(), false, // canRequestVMDeathEvent: the session holds at the end
      false, // canSetDefaultStratum
      vm.canGetInstanceInfo(),
      false, // canRequestMonitorEvents
      vm.canGetMonitorFrameInfo(), vm.canUseSourceNameFilters(), vm.canGetConstantPool(),
      false, // canForceEarlyReturn
      false, false, false, false, false, false, false, false, false, false, false,
    };
  }

  void classPaths(Call c) {
    if (!(c.ids().vm() instanceof PathSearchingVirtualMachine)) {
      throw new JdwpError(JdwpError.NOT_IMPLEMENTED);
    }
    PathSearchingVirtualMachine vm = (PathSearchingVirtualMachine) c.ids().vm();
    c.out().writeString(vm.baseDirectory());
    writeStrings(c, vm.classPath());
    writeStrings(c, List.of());
  }

  private static void writeStrings(Call c, List<String> l) {
    c.out().writeInt(l.size());
    l.forEach(c.out()::writeString);
  }

  void ignore(Call c) {
    // nothing to do: objects are held by the console's JDI, events are sent as they come
  }

  void instanceCounts(Call c) {
    int n = c.in().readInt();
    List<ReferenceType> types = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      types.add(c.ids().typeMirror(c.in().readId()));
    }
    long[] counts = c.ids().vm().instanceCounts(types);
    c.out().writeInt(counts.length);
    for (long k : counts) {
      c.out().writeLong(k);
    }
  }

  void allModules(Call c) {
    List<ModuleReference> modules = c.ids().vm().allModules();
    c.out().writeInt(modules.size());
    for (ModuleReference m : modules) {
      c.out().writeId(c.ids().object(m));
    }
  }
}
