package ttd.debug.jdwp;

import java.util.ArrayList;
import java.util.List;

/**
 * Every command the server answers, in one table: command set, command, name (as the JDWP
 * specification names it), how it relates to history, and its handler. Commands not in the table
 * get {@code NOT_IMPLEMENTED}, as a JVM answers a command set it does not know, so a client that
 * probes ttd's vendor set on a plain JVM, or a JVM's on ttd, learns it safely.
 */
final class JdwpCommandTable {

  /** ttd's vendor command set (JDWP reserves 128 and above; 128 is Eclipse's hot code replace, 0xC7 Android's). */
  static final int VENDOR = 0xF0;

  /** How a command relates to the history being replayed. */
  enum Kind {
    /** Reads the replay JVM the console shows. */
    READ,
    /**
     * Reads what is the same in every replay JVM of the recording (a type's methods, a method's
     * lines): answered once, then from a cache, also where the type is not loaded.
     */
    METADATA,
    /** Moves the shared position (after its reply is sent) or changes what stops it. */
    CONTROL,
    /** Would change history: refused with an error and a sentence in the console. */
    REFUSED
  }

  @FunctionalInterface
  interface Handler {
    void handle(Call c);
  }

  record Command(int set, int command, String name, Kind kind, Handler handler) {
    int key() {
      return JdwpCommandTable.key(set, command);
    }
  }

  static int key(int set, int command) {
    return (set << 8) | command;
  }

  private JdwpCommandTable() {}

  /** The table, with the handlers of one client's connection. */
  static List<Command> commands(VmCommands vm, TypeCommands types, ObjectCommands objects, ThreadCommands threads,
      EventRequestCommands requests, VendorCommands vendor) {
    List<Command> t = new ArrayList<>();
    Kind r = Kind.READ;
    Kind m = Kind.METADATA;
    Kind c = Kind.CONTROL;
    // VirtualMachine (1)
    t.add(new Command(1, 1, "VirtualMachine.Version", r, vm::version));
    t.add(new Command(1, 2, "VirtualMachine.ClassesBySignature", r, vm::classesBySignature));
    t.add(new Command(1, 3, "VirtualMachine.AllClasses", r, x -> vm.allClasses(x, false)));
    t.add(new Command(1, 4, "VirtualMachine.AllThreads", r, vm::allThreads));
    t.add(new Command(1, 5, "VirtualMachine.TopLevelThreadGroups", r, vm::topLevelThreadGroups));
    t.add(new Command(1, 6, "VirtualMachine.Dispose", c, vm::dispose));
    t.add(new Command(1, 7, "VirtualMachine.IDSizes", r, vm::idSizes));
    t.add(new Command(1, 8, "VirtualMachine.Suspend", c, vm::suspend));
    t.add(new Command(1, 9, "VirtualMachine.Resume", c, vm::resume));
    t.add(refused(1, 10, "VirtualMachine.Exit", "ending the replay JVM"));
    t.add(new Command(1, 11, "VirtualMachine.CreateString", r, vm::createString));
    t.add(new Command(1, 12, "VirtualMachine.Capabilities", r, vm::capabilities));
    t.add(new Command(1, 13, "VirtualMachine.ClassPaths", r, vm::classPaths));
    t.add(new Command(1, 14, "VirtualMachine.DisposeObjects", r, vm::ignore));
    t.add(new Command(1, 15, "VirtualMachine.HoldEvents", r, vm::ignore));
    t.add(new Command(1, 16, "VirtualMachine.ReleaseEvents", r, vm::ignore));
    t.add(new Command(1, 17, "VirtualMachine.CapabilitiesNew", r, vm::capabilitiesNew));
    t.add(refused(1, 18, "VirtualMachine.RedefineClasses", "redefining classes"));
    t.add(new Command(1, 19, "VirtualMachine.SetDefaultStratum", r, vm::ignore));
    t.add(new Command(1, 20, "VirtualMachine.AllClassesWithGeneric", r, x -> vm.allClasses(x, true)));
    t.add(new Command(1, 21, "VirtualMachine.InstanceCounts", r, vm::instanceCounts));
    t.add(new Command(1, 22, "VirtualMachine.AllModules", r, vm::allModules));
    // ReferenceType (2)
    t.add(new Command(2, 1, "ReferenceType.Signature", m, types::signature));
    t.add(new Command(2, 2, "ReferenceType.ClassLoader", r, types::classLoader));
    t.add(new Command(2, 3, "ReferenceType.Modifiers", m, types::modifiers));
    t.add(new Command(2, 4, "ReferenceType.Fields", m, x -> types.fields(x, false)));
    t.add(new Command(2, 5, "ReferenceType.Methods", m, x -> types.methods(x, false)));
    t.add(new Command(2, 6, "ReferenceType.GetValues", r, types::getValues));
    t.add(new Command(2, 7, "ReferenceType.SourceFile", m, types::sourceFile));
    t.add(new Command(2, 8, "ReferenceType.NestedTypes", r, types::nestedTypes));
    t.add(new Command(2, 9, "ReferenceType.Status", r, types::status));
    t.add(new Command(2, 10, "ReferenceType.Interfaces", m, types::interfaces));
    t.add(new Command(2, 11, "ReferenceType.ClassObject", r, types::classObject));
    t.add(new Command(2, 12, "ReferenceType.SourceDebugExtension", m, types::sourceDebugExtension));
    t.add(new Command(2, 13, "ReferenceType.SignatureWithGeneric", m, types::signatureWithGeneric));
    t.add(new Command(2, 14, "ReferenceType.FieldsWithGeneric", m, x -> types.fields(x, true)));
    t.add(new Command(2, 15, "ReferenceType.MethodsWithGeneric", m, x -> types.methods(x, true)));
    t.add(new Command(2, 16, "ReferenceType.Instances", r, types::instances));
    t.add(new Command(2, 17, "ReferenceType.ClassFileVersion", m, types::classFileVersion));
    t.add(new Command(2, 18, "ReferenceType.ConstantPool", m, types::constantPool));
    t.add(new Command(2, 19, "ReferenceType.Module", r, types::module));
    // ClassType (3), ArrayType (4), InterfaceType (5)
    t.add(new Command(3, 1, "ClassType.Superclass", m, types::superclass));
    t.add(refused(3, 2, "ClassType.SetValues", "setting static fields"));
    t.add(new Command(3, 3, "ClassType.InvokeMethod", r, objects::invokeStatic));
    t.add(refused(3, 4, "ClassType.NewInstance", "creating objects with a constructor call"));
    t.add(new Command(4, 1, "ArrayType.NewInstance", r, objects::newArray));
    t.add(refused(5, 1, "InterfaceType.InvokeMethod", "calling static interface methods"));
    // Method (6)
    t.add(new Command(6, 1, "Method.LineTable", m, types::lineTable));
    t.add(new Command(6, 2, "Method.VariableTable", m, x -> types.variableTable(x, false)));
    t.add(new Command(6, 3, "Method.Bytecodes", m, types::bytecodes));
    t.add(new Command(6, 4, "Method.IsObsolete", m, types::isObsolete));
    t.add(new Command(6, 5, "Method.VariableTableWithGeneric", m, x -> types.variableTable(x, true)));
    // ObjectReference (9), StringReference (10)
    t.add(new Command(9, 1, "ObjectReference.ReferenceType", r, objects::referenceType));
    t.add(new Command(9, 2, "ObjectReference.GetValues", r, objects::getValues));
    t.add(refused(9, 3, "ObjectReference.SetValues", "setting fields"));
    t.add(new Command(9, 5, "ObjectReference.MonitorInfo", r, objects::monitorInfo));
    t.add(new Command(9, 6, "ObjectReference.InvokeMethod", r, objects::invokeMethod));
    t.add(new Command(9, 7, "ObjectReference.DisableCollection", r, objects::disableCollection));
    t.add(new Command(9, 8, "ObjectReference.EnableCollection", r, objects::enableCollection));
    t.add(new Command(9, 9, "ObjectReference.IsCollected", r, objects::isCollected));
    t.add(new Command(9, 10, "ObjectReference.ReferringObjects", r, objects::referringObjects));
    t.add(new Command(10, 1, "StringReference.Value", r, objects::stringValue));
    // ThreadReference (11)
    t.add(new Command(11, 1, "ThreadReference.Name", r, threads::name));
    t.add(new Command(11, 2, "ThreadReference.Suspend", c, threads::suspend));
    t.add(new Command(11, 3, "ThreadReference.Resume", c, threads::resume));
    t.add(new Command(11, 4, "ThreadReference.Status", r, threads::status));
    t.add(new Command(11, 5, "ThreadReference.ThreadGroup", r, threads::threadGroup));
    t.add(new Command(11, 6, "ThreadReference.Frames", r, threads::frames));
    t.add(new Command(11, 7, "ThreadReference.FrameCount", r, threads::frameCount));
    t.add(new Command(11, 8, "ThreadReference.OwnedMonitors", r, threads::ownedMonitors));
    t.add(new Command(11, 9, "ThreadReference.CurrentContendedMonitor", r, threads::contendedMonitor));
    t.add(refused(11, 10, "ThreadReference.Stop", "throwing an exception into a thread"));
    t.add(refused(11, 11, "ThreadReference.Interrupt", "interrupting a thread"));
    t.add(new Command(11, 12, "ThreadReference.SuspendCount", r, threads::suspendCount));
    t.add(new Command(11, 13, "ThreadReference.OwnedMonitorsStackDepthInfo", r, threads::ownedMonitorsDepth));
    t.add(refused(11, 14, "ThreadReference.ForceEarlyReturn", "forcing a method to return early"));
    t.add(new Command(11, 15, "ThreadReference.IsVirtual", r, threads::isVirtual));
    // ThreadGroupReference (12), ArrayReference (13), ClassLoaderReference (14)
    t.add(new Command(12, 1, "ThreadGroupReference.Name", r, threads::groupName));
    t.add(new Command(12, 2, "ThreadGroupReference.Parent", r, threads::groupParent));
    t.add(new Command(12, 3, "ThreadGroupReference.Children", r, threads::groupChildren));
    t.add(new Command(13, 1, "ArrayReference.Length", r, objects::arrayLength));
    t.add(new Command(13, 2, "ArrayReference.GetValues", r, objects::arrayValues));
    t.add(refused(13, 3, "ArrayReference.SetValues", "setting array elements"));
    t.add(new Command(14, 1, "ClassLoaderReference.VisibleClasses", r, types::visibleClasses));
    // EventRequest (15)
    t.add(new Command(15, 1, "EventRequest.Set", c, requests::set));
    t.add(new Command(15, 2, "EventRequest.Clear", c, requests::clear));
    t.add(new Command(15, 3, "EventRequest.ClearAllBreakpoints", c, requests::clearAllBreakpoints));
    // StackFrame (16), ClassObjectReference (17), ModuleReference (18)
    t.add(new Command(16, 1, "StackFrame.GetValues", r, threads::frameValues));
    t.add(refused(16, 2, "StackFrame.SetValues", "setting local variables"));
    t.add(new Command(16, 3, "StackFrame.ThisObject", r, threads::thisObject));
    t.add(new Command(16, 4, "StackFrame.PopFrames", c, threads::popFrames));
    t.add(new Command(17, 1, "ClassObjectReference.ReflectedType", r, objects::reflectedType));
    t.add(new Command(18, 1, "ModuleReference.Name", r, objects::moduleName));
    t.add(new Command(18, 2, "ModuleReference.ClassLoader", r, objects::moduleLoader));
    // ttd's vendor set: time travel for plugins and scripts (docs/jdwp.md)
    t.add(new Command(VENDOR, 1, "ttd.Version", r, vendor::version));
    t.add(new Command(VENDOR, 2, "ttd.ReverseContinue", c, x -> vendor.console(x, "reverse-continue")));
    t.add(new Command(VENDOR, 3, "ttd.ReverseStep", c, x -> vendor.onThread(x, "reverse-step")));
    t.add(new Command(VENDOR, 4, "ttd.ReverseNext", c, x -> vendor.onThread(x, "reverse-next")));
    t.add(new Command(VENDOR, 5, "ttd.ReverseFinish", c, x -> vendor.onThread(x, "reverse-finish")));
    t.add(new Command(VENDOR, 6, "ttd.Goto", c, x -> vendor.withArgument(x, "goto")));
    t.add(new Command(VENDOR, 7, "ttd.When", r, vendor::when));
    t.add(new Command(VENDOR, 8, "ttd.Checkpoint", c, x -> vendor.console(x, "checkpoint")));
    t.add(new Command(VENDOR, 9, "ttd.Restart", c, x -> vendor.withArgument(x, "restart")));
    t.add(new Command(VENDOR, 10, "ttd.History", r, x -> vendor.withArgument(x, "history")));
    t.add(new Command(VENDOR, 11, "ttd.Direction", c, vendor::direction));
    t.add(new Command(VENDOR, 12, "ttd.Checkpoints", r, x -> vendor.console(x, "info checkpoints")));
    return t;
  }

  private static Command refused(int set, int command, String name, String what) {
    return new Command(set, command, name, Kind.REFUSED, x -> {
      throw new JdwpError(JdwpError.NOT_IMPLEMENTED,
          "ttd: the debugger asked for " + name + " (" + what + "), which is refused: a replay is read-only history,"
              + " and changing it would make it leave the recording; change the program and record a new run instead");
    });
  }
}
