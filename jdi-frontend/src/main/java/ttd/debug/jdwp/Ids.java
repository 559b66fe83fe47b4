package ttd.debug.jdwp;

import com.sun.jdi.ArrayType;
import com.sun.jdi.ClassLoaderReference;
import com.sun.jdi.ClassObjectReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.InterfaceType;
import com.sun.jdi.Method;
import com.sun.jdi.ModuleReference;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadGroupReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ttd.debug.replayvm.Target;

/**
 * The identifiers the client holds, made to outlive every replay JVM: JDI's ids are per JVM
 * (HotSpot numbers objects with a counter of its own), so ids are ttd's, and each is resolved in
 * the replay JVM the console shows when a command uses it.
 *
 * <ul>
 *   <li>Types by signature (a second type of the same signature in one JVM, from another loader,
 *       by signature, the loader's class and its rank); methods and fields by type, name and
 *       signature; threads by name (and rank among threads of that name); thread groups by their
 *       path of names; class loaders by the types they are; class objects and modules by what
 *       they stand for. These mean the same thing in every replay JVM of the recording.
 *   <li>Every other object is numbered per replay JVM (an <em>epoch</em>): after the console
 *       moves to another JVM, an old id is answered as collected ({@code INVALID_OBJECT}), never
 *       as another object; in the same JVM (moving forwards) it still denotes its object.
 *   <li>Frames denote a depth of a thread's stack and the method there when they were handed
 *       out; after a move they still denote that depth while the same method is there.
 * </ul>
 *
 * One counter hands out every id, so no two ids of any kind are ever equal, and none is reused.
 */
final class Ids {

  /** What a type id stands for, and what is known of it without a JVM. */
  static final class TypeEntry {
    final long id;
    final String key;
    final String signature;
    final int tag;
    long classObject;

    TypeEntry(long id, String key, String signature, int tag) {
      this.id = id;
      this.key = key;
      this.signature = signature;
      this.tag = tag;
    }
  }

  /** A method or field: its type, name and signature. */
  record Member(long id, long type, String name, String signature) {}

  /** A frame: a depth of a thread's stack, and the method that was there. */
  record FrameEntry(long id, long thread, int depth, long method, long generation) {}

  private long next = 0x1000;

  private final Map<String, TypeEntry> typesByKey = new HashMap<>();
  private final Map<Long, TypeEntry> types = new HashMap<>();
  private final Map<String, Member> membersByKey = new HashMap<>();
  private final Map<Long, Member> members = new HashMap<>();
  private final Map<String, Long> stableByKey = new HashMap<>();
  private final Map<Long, String> stableKeys = new HashMap<>();
  private final Map<Long, FrameEntry> frames = new HashMap<>();
  private final Map<String, FrameEntry> framesByKey = new HashMap<>();

  /** The replay JVM the per-epoch tables below belong to, and the console's view of it. */
  private VirtualMachine epoch;
  private Target target;
  private final Map<Long, ObjectReference> objects = new HashMap<>();
  private final Map<ObjectReference, Long> objectIds = new HashMap<>();
  private final Map<Long, ReferenceType> typeMirrors = new HashMap<>();
  private final Map<ReferenceType, Long> mirrorTypes = new HashMap<>();
  private final Map<Long, ThreadReference> threadMirrors = new HashMap<>();
  private boolean typesScanned;
  private boolean threadsScanned;

  private long fresh() {
    return next++;
  }

  /**
   * Makes {@code t}'s JVM the one ids resolve in. A JVM other than the last one starts a new
   * epoch: object ids of the old one are forgotten. Each object handed out is noted as held by
   * the client ({@link Target#exposed}).
   */
  void use(Target t) {
    target = t;
    VirtualMachine vm = t.vm();
    if (vm != epoch) {
      epoch = vm;
      objects.clear();
      objectIds.clear();
      typeMirrors.clear();
      mirrorTypes.clear();
      moved();
    }
  }

  /** The epoch: the replay JVM object ids of this moment belong to. */
  VirtualMachine epoch() {
    return epoch;
  }

  /** The JVM ids resolve in now. */
  VirtualMachine vm() {
    if (epoch == null) {
      throw new JdwpError(JdwpError.VM_DEAD);
    }
    return epoch;
  }

  /** Forgets per-move caches after the replay ran (classes loaded, threads started or ended). */
  void moved() {
    typesScanned = false;
    threadsScanned = false;
    threadMirrors.clear();
  }

  // ---- types

  static int tagOf(ReferenceType t) {
    return t instanceof ClassType ? 1 : t instanceof InterfaceType ? 2 : t instanceof ArrayType ? 3 : 1;
  }

  /** The id of a type of the current JVM. */
  long type(ReferenceType t) {
    Long known = mirrorTypes.get(t);
    if (known != null) {
      return known;
    }
    scanTypes(true);
    known = mirrorTypes.get(t);
    if (known == null) {
      known = enter(t, t.signature()).id; // a type JDI knows, that allClasses does not list yet
    }
    return known;
  }

  TypeEntry typeEntry(long id) {
    TypeEntry e = types.get(id);
    if (e == null) {
      throw new JdwpError(JdwpError.INVALID_CLASS);
    }
    return e;
  }

  /** The type an id names, in the current JVM; {@code INVALID_CLASS} if it is not loaded here. */
  ReferenceType typeMirror(long id) {
    typeEntry(id);
    ReferenceType t = typeMirrors.get(id);
    if (t == null && !typesScanned) {
      scanTypes(false);
      t = typeMirrors.get(id);
    }
    if (t == null) {
      throw new JdwpError(JdwpError.INVALID_CLASS);
    }
    return t;
  }

  /** Whether the type is loaded in the current JVM. */
  boolean loaded(long id) {
    try {
      typeMirror(id);
      return true;
    } catch (JdwpError e) {
      return false;
    }
  }

  /** Every loaded type of the current JVM with its id. */
  List<Long> allTypes() {
    scanTypes(false);
    return new ArrayList<>(typeMirrors.keySet());
  }

  private void scanTypes(boolean force) {
    if (typesScanned && !force) {
      return;
    }
    Map<String, Integer> seen = new HashMap<>();
    for (ReferenceType t : vm().allClasses()) {
      if (mirrorTypes.containsKey(t)) {
        seen.merge(t.signature(), 1, Integer::sum);
        continue;
      }
      String sig = t.signature();
      int rank = seen.merge(sig, 1, Integer::sum) - 1;
      String key = rank == 0 ? sig : sig + "@" + loaderName(t.classLoader()) + "#" + rank;
      enter(t, key);
    }
    typesScanned = true;
  }

  private TypeEntry enter(ReferenceType t, String key) {
    TypeEntry e = typesByKey.get(key);
    if (e == null) {
      e = new TypeEntry(fresh(), key, t.signature(), tagOf(t));
      typesByKey.put(key, e);
      types.put(e.id, e);
    }
    typeMirrors.put(e.id, t);
    mirrorTypes.put(t, e.id);
    return e;
  }

  private static String loaderName(ClassLoaderReference l) {
    return l == null ? "boot" : l.referenceType().name();
  }

  // ---- methods and fields

  /**
   * A method's id; 0 for an obsolete method (one the agent retransformed while a thread was in
   * it), as HotSpot's JDWP agent reports it and JDI takes it (an {@code ObsoleteMethod}).
   */
  long method(Method m) {
    if (m.isObsolete()) {
      return 0;
    }
    return member(type(m.declaringType()), m.name(), m.signature());
  }

  long field(Field f) {
    return member(type(f.declaringType()), f.name(), f.signature());
  }

  private long member(long type, String name, String signature) {
    String key = type + " " + name + " " + signature;
    Member m = membersByKey.get(key);
    if (m == null) {
      m = new Member(fresh(), type, name, signature);
      membersByKey.put(key, m);
      members.put(m.id(), m);
    }
    return m.id();
  }

  Member memberEntry(long id, int error) {
    Member m = members.get(id);
    if (m == null) {
      throw new JdwpError(error);
    }
    return m;
  }

  Method methodMirror(long id) {
    Member m = memberEntry(id, JdwpError.INVALID_METHODID);
    ReferenceType t = typeMirror(m.type());
    for (Method candidate : t.methods()) {
      if (candidate.name().equals(m.name()) && candidate.signature().equals(m.signature())) {
        return candidate;
      }
    }
    throw new JdwpError(JdwpError.INVALID_METHODID);
  }

  Field fieldMirror(long id) {
    Member m = memberEntry(id, JdwpError.INVALID_FIELDID);
    ReferenceType t = typeMirror(m.type());
    for (Field candidate : t.fields()) {
      if (candidate.name().equals(m.name()) && candidate.signature().equals(m.signature())) {
        return candidate;
      }
    }
    throw new JdwpError(JdwpError.INVALID_FIELDID);
  }

  // ---- objects

  /** The id of any object of the current JVM (0 for null). */
  long object(ObjectReference o) {
    if (o == null) {
      return 0;
    }
    if (o instanceof ThreadReference) {
      return thread((ThreadReference) o);
    }
    if (o instanceof ThreadGroupReference) {
      return stable("group " + groupPath((ThreadGroupReference) o));
    }
    if (o instanceof ClassObjectReference) {
      TypeEntry e = typeEntry(type(((ClassObjectReference) o).reflectedType()));
      if (e.classObject == 0) {
        e.classObject = stable("class " + e.key);
      }
      return e.classObject;
    }
    if (o instanceof ModuleReference) {
      String name = ((ModuleReference) o).name();
      return stable("module " + (name == null ? "unnamed " + loaderKey(((ModuleReference) o).classLoader()) : name));
    }
    target.exposed(o);
    if (o instanceof ClassLoaderReference) {
      return stable("loader " + loaderKey((ClassLoaderReference) o));
    }
    Long id = objectIds.get(o);
    if (id == null) {
      id = fresh();
      objectIds.put(o, id);
      objects.put(id, o);
    }
    return id;
  }

  /** The object an id names in the current JVM; {@code INVALID_OBJECT} if it is not there. */
  ObjectReference objectMirror(long id) {
    if (id == 0) {
      return null;
    }
    ObjectReference o = objects.get(id);
    if (o != null) {
      return o;
    }
    String key = stableKeys.get(id);
    if (key == null) {
      throw new JdwpError(JdwpError.INVALID_OBJECT);
    }
    if (key.startsWith("thread ")) {
      return threadMirror(id);
    }
    o = stableMirror(key);
    if (o == null) {
      throw new JdwpError(JdwpError.INVALID_OBJECT);
    }
    objects.put(id, o);
    objectIds.put(o, id);
    return o;
  }

  private ObjectReference stableMirror(String key) {
    VirtualMachine vm = vm();
    if (key.startsWith("group ")) {
      for (ThreadGroupReference g : allGroups(vm.topLevelThreadGroups(), new ArrayList<>())) {
        if (key.equals("group " + groupPath(g))) {
          return g;
        }
      }
      return null;
    }
    if (key.startsWith("class ")) {
      for (TypeEntry e : types.values()) {
        if (key.equals("class " + e.key) && loaded(e.id)) {
          return typeMirror(e.id).classObject();
        }
      }
      return null;
    }
    if (key.startsWith("module ")) {
      for (ModuleReference m : vm.allModules()) {
        String name = m.name() == null ? "unnamed " + loaderKey(m.classLoader()) : m.name();
        if (key.equals("module " + name)) {
          return m;
        }
      }
      return null;
    }
    if (key.startsWith("loader ")) {
      for (ReferenceType t : vm.allClasses()) {
        ClassLoaderReference l = t.classLoader();
        if (l != null && key.equals("loader " + loaderKey(l))) {
          return l;
        }
      }
    }
    return null;
  }

  private static List<ThreadGroupReference> allGroups(List<ThreadGroupReference> groups, List<ThreadGroupReference> into) {
    for (ThreadGroupReference g : groups) {
      into.add(g);
      allGroups(g.threadGroups(), into);
    }
    return into;
  }

  private static String groupPath(ThreadGroupReference g) {
    return g.parent() == null ? g.name() : groupPath(g.parent()) + "/" + g.name();
  }

  /** A loader is known by its class and by the first class it defined (its rank among like loaders). */
  private String loaderKey(ClassLoaderReference l) {
    if (l == null) {
      return "boot";
    }
    int rank = 0;
    List<ClassLoaderReference> seen = new ArrayList<>();
    for (ReferenceType t : vm().allClasses()) {
      ClassLoaderReference other = t.classLoader();
      if (other == null || seen.contains(other)) {
        continue;
      }
      if (other.equals(l)) {
        break;
      }
      seen.add(other);
      if (other.referenceType().equals(l.referenceType())) {
        rank++;
      }
    }
    return l.referenceType().name() + "#" + rank;
  }

  private long stable(String key) {
    Long id = stableByKey.get(key);
    if (id == null) {
      id = fresh();
      stableByKey.put(key, id);
      stableKeys.put(id, key);
    }
    return id;
  }

  // ---- threads

  /** The id of a thread: the same for the thread of that name (and rank) in every replay JVM. */
  long thread(ThreadReference t) {
    scanThreads();
    for (Map.Entry<Long, ThreadReference> e : threadMirrors.entrySet()) {
      if (e.getValue().equals(t)) {
        return e.getKey();
      }
    }
    return stable("thread " + t.name() + "#?" + t.uniqueID()); // not listed (a thread that ended)
  }

  /** The thread an id names in the current JVM; {@code INVALID_THREAD} if it does not exist here. */
  ThreadReference threadMirror(long id) {
    String key = stableKeys.get(id);
    if (key == null || !key.startsWith("thread ")) {
      throw new JdwpError(stableKeys.containsKey(id) || objects.containsKey(id) ? JdwpError.INVALID_THREAD : JdwpError.INVALID_OBJECT);
    }
    scanThreads();
    ThreadReference t = threadMirrors.get(id);
    if (t == null) {
      throw new JdwpError(JdwpError.INVALID_THREAD);
    }
    return t;
  }

  /** The name a thread id was given for (also for threads that do not exist at this position). */
  String threadName(long id) {
    String key = stableKeys.get(id);
    if (key == null || !key.startsWith("thread ")) {
      throw new JdwpError(JdwpError.INVALID_THREAD);
    }
    String nameAndRank = key.substring("thread ".length());
    return nameAndRank.substring(0, nameAndRank.lastIndexOf('#'));
  }

  /** The threads of the current JVM, by id, in JDI's order. */
  Map<Long, ThreadReference> threads() {
    scanThreads();
    return threadMirrors;
  }

  private void scanThreads() {
    if (threadsScanned) {
      return;
    }
    threadMirrors.clear();
    Map<String, Integer> ranks = new HashMap<>();
    for (ThreadReference t : vm().allThreads()) {
      String name;
      try {
        name = t.name();
      } catch (com.sun.jdi.ObjectCollectedException e) {
        continue;
      }
      int rank = ranks.merge(name, 1, Integer::sum) - 1;
      threadMirrors.put(stable("thread " + name + "#" + rank), t);
    }
    threadsScanned = true;
  }

  // ---- frames

  /** The id of the frame at {@code depth} of a thread, which holds {@code method} now. */
  long frame(long thread, int depth, long method, long generation) {
    String key = thread + " " + depth + " " + method;
    FrameEntry e = framesByKey.get(key);
    if (e == null || e.generation() != generation) {
      e = new FrameEntry(fresh(), thread, depth, method, generation);
      framesByKey.put(key, e);
      frames.put(e.id(), e);
    }
    return e.id();
  }

  FrameEntry frameEntry(long id) {
    FrameEntry e = frames.get(id);
    if (e == null) {
      throw new JdwpError(JdwpError.INVALID_FRAMEID);
    }
    return e;
  }
}
