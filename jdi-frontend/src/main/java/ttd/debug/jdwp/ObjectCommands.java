package ttd.debug.jdwp;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.ArrayType;
import com.sun.jdi.ClassObjectReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InvocationException;
import com.sun.jdi.Method;
import com.sun.jdi.ModuleReference;
import com.sun.jdi.MonitorInfo;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * Objects, strings, arrays, class objects and modules of the replay JVM the console shows. An id
 * from a replay JVM the console has left answers {@code INVALID_OBJECT} (collected). Method
 * calls (an IDE's {@code toString()}) run as the console's {@code print} runs them: inside the
 * replay's evaluation bracket, after which the next motion goes on in a fresh replay.
 */
final class ObjectCommands {

  private final Client client;

  ObjectCommands(Client client) {
    this.client = client;
  }

  private static ObjectReference object(Call c) {
    ObjectReference o = c.ids().objectMirror(c.in().readId());
    if (o == null) {
      throw new JdwpError(JdwpError.INVALID_OBJECT);
    }
    return o;
  }

  void referenceType(Call c) {
    ReferenceType t = object(c).referenceType();
    c.out().writeByte(Ids.tagOf(t)).writeId(c.ids().type(t));
  }

  void getValues(Call c) {
    ObjectReference o = object(c);
    int n = c.in().readInt();
    c.out().writeInt(n);
    for (int i = 0; i < n; i++) {
      Field f = c.ids().fieldMirror(c.in().readId());
      c.values().writeTagged(c.out(), f.isStatic() ? f.declaringType().getValue(f) : o.getValue(f));
    }
  }

  void monitorInfo(Call c) {
    ObjectReference o = object(c);
    try {
      ThreadReference owner = o.owningThread();
      c.out().writeId(owner == null ? 0 : c.ids().thread(owner)).writeInt(o.entryCount());
      List<ThreadReference> waiting = o.waitingThreads();
      c.out().writeInt(waiting.size());
      for (ThreadReference t : waiting) {
        c.out().writeId(c.ids().thread(t));
      }
    } catch (IncompatibleThreadStateException e) {
      throw new JdwpError(JdwpError.THREAD_NOT_SUSPENDED);
    }
  }

  /** ObjectReference.InvokeMethod: object, thread, class, method, arguments, options. */
  void invokeMethod(Call c) {
    ObjectReference o = object(c);
    ThreadReference thread = c.ids().threadMirror(c.in().readId());
    invoke(c, o, thread, c.ids().typeMirror(c.in().readId()));
  }

  /** ClassType.InvokeMethod: class, then thread (the other order from an object's call), method, arguments, options. */
  void invokeStatic(Call c) {
    ReferenceType type = c.ids().typeMirror(c.in().readId());
    invoke(c, null, c.ids().threadMirror(c.in().readId()), type);
  }

  private void invoke(Call c, ObjectReference object, ThreadReference thread, ReferenceType type) {
    Method m = c.ids().methodMirror(c.in().readId());
    int n = c.in().readInt();
    List<Value> args = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      args.add(c.values().readTagged(c.in()));
    }
    c.in().readInt(); // options: every call runs on the stopped thread alone
    if (object == null && !(type instanceof ClassType)) {
      throw new JdwpError(JdwpError.INVALID_CLASS);
    }
    try {
      Value v = client.link().target().invoke(thread, object, type instanceof ClassType ? (ClassType) type : null, m, args);
      c.values().writeTagged(c.out(), v);
      c.out().writeByte(TaggedValues.OBJECT).writeId(0);
    } catch (InvocationException e) {
      String ret = m.signature().substring(m.signature().indexOf(')') + 1);
      c.out().writeByte(TaggedValues.tagOfSignature(ret));
      if (ret.length() == 1 && !ret.equals("V")) {
        c.values().writeUntagged(c.out(), TaggedValues.tagOfSignature(ret), zero(c, ret));
      } else if (!ret.equals("V")) {
        c.out().writeId(0);
      }
      c.values().writeTaggedObject(c.out(), e.exception());
    }
  }

  private static Value zero(Call c, String sig) {
    var vm = c.ids().vm();
    switch (sig.charAt(0)) {
      case 'Z': return vm.mirrorOf(false);
      case 'B': return vm.mirrorOf((byte) 0);
      case 'C': return vm.mirrorOf((char) 0);
      case 'S': return vm.mirrorOf((short) 0);
      case 'I': return vm.mirrorOf(0);
      case 'J': return vm.mirrorOf(0L);
      case 'F': return vm.mirrorOf(0f);
      default: return vm.mirrorOf(0d);
    }
  }

  void newArray(Call c) {
    ReferenceType t = c.ids().typeMirror(c.in().readId());
    if (!(t instanceof ArrayType)) {
      throw new JdwpError(JdwpError.INVALID_CLASS);
    }
    c.values().writeTaggedObject(c.out(), ((ArrayType) t).newInstance(c.in().readInt()));
  }

  void disableCollection(Call c) {
    object(c).disableCollection();
  }

  void enableCollection(Call c) {
    object(c).enableCollection();
  }

  void isCollected(Call c) {
    long id = c.in().readId();
    boolean collected;
    try {
      ObjectReference o = c.ids().objectMirror(id);
      collected = o == null || o.isCollected();
    } catch (JdwpError e) {
      if (e.code != JdwpError.INVALID_OBJECT) {
        throw e;
      }
      collected = true;
    }
    c.out().writeBoolean(collected);
  }

  void referringObjects(Call c) {
    ObjectReference o = object(c);
    List<ObjectReference> refs = o.referringObjects(c.in().readInt());
    c.out().writeInt(refs.size());
    for (ObjectReference r : refs) {
      c.values().writeTaggedObject(c.out(), r);
    }
  }

  void stringValue(Call c) {
    ObjectReference o = object(c);
    if (!(o instanceof StringReference)) {
      throw new JdwpError(JdwpError.INVALID_STRING);
    }
    c.out().writeString(((StringReference) o).value());
  }

  private static ArrayReference array(Call c) {
    ObjectReference o = object(c);
    if (!(o instanceof ArrayReference)) {
      throw new JdwpError(JdwpError.INVALID_ARRAY);
    }
    return (ArrayReference) o;
  }

  void arrayLength(Call c) {
    c.out().writeInt(array(c).length());
  }

  void arrayValues(Call c) {
    ArrayReference a = array(c);
    int first = c.in().readInt();
    int length = c.in().readInt();
    if (first < 0 || length < 0 || first + length > a.length()) {
      throw new JdwpError(JdwpError.INVALID_LENGTH);
    }
    String component = a.referenceType().signature().substring(1);
    int tag = TaggedValues.tagOfSignature(component);
    boolean primitive = component.length() == 1;
    List<Value> vs = length == 0 ? List.of() : a.getValues(first, length);
    c.out().writeByte(tag).writeInt(vs.size());
    for (Value v : vs) {
      if (primitive) {
        c.values().writeUntagged(c.out(), tag, v);
      } else {
        c.values().writeTagged(c.out(), v);
      }
    }
  }

  void reflectedType(Call c) {
    ObjectReference o = object(c);
    if (!(o instanceof ClassObjectReference)) {
      throw new JdwpError(JdwpError.INVALID_OBJECT);
    }
    ReferenceType t = ((ClassObjectReference) o).reflectedType();
    c.out().writeByte(Ids.tagOf(t)).writeId(c.ids().type(t));
  }

  private static ModuleReference module(Call c) {
    ObjectReference o = object(c);
    if (!(o instanceof ModuleReference)) {
      throw new JdwpError(JdwpError.INVALID_MODULE);
    }
    return (ModuleReference) o;
  }

  void moduleName(Call c) {
    String name = module(c).name();
    c.out().writeString(name == null ? "" : name);
  }

  void moduleLoader(Call c) {
    c.out().writeId(c.ids().object(module(c).classLoader()));
  }
}
