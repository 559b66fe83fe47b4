package ttd.debug.jdwp;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ClassLoaderReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.InterfaceType;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import java.util.List;
import ttd.debug.code.ProgramBci;

/**
 * The ReferenceType, ClassType (superclass), Method and ClassLoaderReference commands: what types
 * and methods are. Most of it is the same in every replay JVM of the recording, so the table
 * marks it {@link JdwpCommandTable.Kind#METADATA} and the answer is reused.
 */
final class TypeCommands {

  TypeCommands(Client client) {
    // stateless: everything comes through the call
  }

  private static ReferenceType type(Call c) {
    return c.ids().typeMirror(c.in().readId());
  }

  void signature(Call c) {
    c.out().writeString(c.ids().typeEntry(c.in().readId()).signature);
  }

  void classLoader(Call c) {
    c.out().writeId(c.ids().object(type(c).classLoader()));
  }

  void modifiers(Call c) {
    c.out().writeInt(type(c).modifiers());
  }

  void fields(Call c, boolean generic) {
    List<Field> fields = type(c).fields();
    c.out().writeInt(fields.size());
    for (Field f : fields) {
      c.out().writeId(c.ids().field(f)).writeString(f.name()).writeString(f.signature());
      if (generic) {
        c.out().writeString(orEmpty(f.genericSignature()));
      }
      c.out().writeInt(f.modifiers() | (f.isSynthetic() ? 0xf0000000 : 0));
    }
  }

  void methods(Call c, boolean generic) {
    List<Method> methods = type(c).methods();
    c.out().writeInt(methods.size());
    for (Method m : methods) {
      c.out().writeId(c.ids().method(m)).writeString(m.name()).writeString(m.signature());
      if (generic) {
        c.out().writeString(orEmpty(m.genericSignature()));
      }
      c.out().writeInt(m.modifiers() | (m.isSynthetic() ? 0xf0000000 : 0));
    }
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  void getValues(Call c) {
    ReferenceType t = type(c);
    int n = c.in().readInt();
    c.out().writeInt(n);
    for (int i = 0; i < n; i++) {
      Field f = c.ids().fieldMirror(c.in().readId());
      if (!f.isStatic()) {
        throw new JdwpError(JdwpError.INVALID_FIELDID);
      }
      c.values().writeTagged(c.out(), t.getValue(f));
    }
  }

  void sourceFile(Call c) {
    try {
      c.out().writeString(type(c).sourceName());
    } catch (AbsentInformationException e) {
      throw new JdwpError(JdwpError.ABSENT_INFORMATION);
    }
  }

  void nestedTypes(Call c) {
    List<ReferenceType> nested = type(c).nestedTypes();
    c.out().writeInt(nested.size());
    for (ReferenceType t : nested) {
      c.out().writeByte(Ids.tagOf(t)).writeId(c.ids().type(t));
    }
  }

  void status(Call c) {
    c.out().writeInt(VmCommands.status(type(c)));
  }

  void interfaces(Call c) {
    ReferenceType t = type(c);
    List<InterfaceType> is = t instanceof ClassType ? ((ClassType) t).interfaces()
        : t instanceof InterfaceType ? ((InterfaceType) t).superinterfaces() : List.of();
    c.out().writeInt(is.size());
    for (InterfaceType i : is) {
      c.out().writeId(c.ids().type(i));
    }
  }

  void classObject(Call c) {
    c.out().writeId(c.ids().object(type(c).classObject()));
  }

  void sourceDebugExtension(Call c) {
    try {
      c.out().writeString(type(c).sourceDebugExtension());
    } catch (AbsentInformationException e) {
      throw new JdwpError(JdwpError.ABSENT_INFORMATION);
    }
  }

  void signatureWithGeneric(Call c) {
    ReferenceType t = type(c);
    c.out().writeString(t.signature()).writeString(orEmpty(t.genericSignature()));
  }

  void instances(Call c) {
    ReferenceType t = type(c);
    int max = c.in().readInt();
    List<ObjectReference> found = t.instances(max);
    c.out().writeInt(found.size());
    for (ObjectReference o : found) {
      c.values().writeTaggedObject(c.out(), o);
    }
  }

  void classFileVersion(Call c) {
    ReferenceType t = type(c);
    c.out().writeInt(t.majorVersion()).writeInt(t.minorVersion());
  }

  void constantPool(Call c) {
    ReferenceType t = type(c);
    byte[] pool = t.constantPool();
    c.out().writeInt(t.constantPoolCount()).writeInt(pool.length).writeBytes(pool);
  }

  void module(Call c) {
    c.out().writeId(c.ids().object(type(c).module()));
  }

  void superclass(Call c) {
    ReferenceType t = type(c);
    ClassType s = t instanceof ClassType ? ((ClassType) t).superclass() : null;
    c.out().writeId(s == null ? 0 : c.ids().type(s));
  }

  private static Method method(Call c) {
    c.in().readId(); // the type: the method id says it
    return c.ids().methodMirror(c.in().readId());
  }

  /** The line table at the program's own offsets ({@link ProgramBci}), as every location the client gets. */
  void lineTable(Call c) {
    Method m = method(c);
    if (m.isNative() || m.isAbstract()) {
      c.out().writeLong(-1).writeLong(-1).writeInt(0);
      return;
    }
    List<Location> lines;
    try {
      lines = m.allLineLocations("Java", null);
    } catch (AbsentInformationException e) {
      lines = List.of(); // no line numbers (a hidden class's method): an empty table, as HotSpot answers
    }
    ProgramBci code = c.client().link().programBci();
    c.out().writeLong(0).writeLong(codeLength(code, m) - 1).writeInt(lines.size());
    for (Location l : lines) {
      c.out().writeLong(code.of(l)).writeInt(l.lineNumber("Java"));
    }
  }

  /** The program's code length of {@code m}; past its last line if the code cannot be read. */
  private static long codeLength(ProgramBci code, Method m) {
    long length = code.codeLength(m);
    if (length > 0) {
      return length;
    }
    try {
      long last = 0;
      for (Location l : m.allLineLocations()) {
        last = Math.max(last, code.of(l));
      }
      return last + 1;
    } catch (AbsentInformationException e) {
      return 1;
    }
  }

  /** The variables, their scopes at the program's own offsets. */
  void variableTable(Call c, boolean generic) {
    Method m = method(c);
    ProgramBci code = c.client().link().programBci();
    VariableTables.Table table;
    try {
      table = VariableTables.of(m, m.bytecodes().length);
    } catch (AbsentInformationException e) {
      throw new JdwpError(JdwpError.ABSENT_INFORMATION);
    }
    c.out().writeInt(table.argCount()).writeInt(table.rows().size());
    for (VariableTables.Row r : table.rows()) {
      long start = code.of(m, r.start());
      long end = code.of(m, r.start() + r.length());
      c.out().writeLong(start).writeString(r.name()).writeString(r.signature());
      if (generic) {
        c.out().writeString(orEmpty(r.generic()));
      }
      c.out().writeInt((int) Math.max(0, end - start)).writeInt(r.slot());
    }
  }

  /** The program's own code: the offsets of every location the client gets are in it. */
  void bytecodes(Call c) {
    byte[] code = c.client().link().programBci().bytecodes(method(c));
    c.out().writeInt(code.length).writeBytes(code);
  }

  void isObsolete(Call c) {
    c.out().writeBoolean(method(c).isObsolete());
  }

  void visibleClasses(Call c) {
    ObjectReference o = c.ids().objectMirror(c.in().readId());
    if (!(o instanceof ClassLoaderReference) && o != null) {
      throw new JdwpError(JdwpError.INVALID_OBJECT);
    }
    List<ReferenceType> visible = o == null ? List.of() : ((ClassLoaderReference) o).visibleClasses();
    c.out().writeInt(visible.size());
    for (ReferenceType t : visible) {
      c.out().writeByte(Ids.tagOf(t)).writeId(c.ids().type(t));
    }
  }
}
