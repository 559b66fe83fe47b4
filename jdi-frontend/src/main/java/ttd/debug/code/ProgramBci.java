package ttd.debug.code;

import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The program's own bytecode offset (as {@code javap -c} shows it) of a location in a replay JVM,
 * where ttd's agent has rewritten the method: ticks before backward jumps and at entries, hooks
 * after clock reads, around monitors and in place of sleeps and waits. The rewritten code is
 * compared with the class file on the recorded class path, instruction by instruction ({@link
 * Instructions}, Myers' diff); an instruction the agent inserted maps to the program instruction
 * it precedes, one it substituted to the one it replaced. Without the class file, instructions
 * that call into ttd's runtime are taken out, with the constant or {@code dup} that feeds them.
 * Maps are kept per method: every replay JVM of a recording rewrites a method the same way. The
 * JDWP server maps both ways with it: a client sees only program offsets and sets breakpoints
 * at them ({@link #replayIndex}).
 */
public final class ProgramBci {

  /** Beyond this many differences a method is not diffed (the fallback is used). */
  private static final int MAX_EDITS = 4000;

  private final ClassFiles files;
  private final Map<String, int[]> maps = new ConcurrentHashMap<>();
  private final Map<String, ClassFile> classes = new ConcurrentHashMap<>();
  private final Map<String, Boolean> entryTicks = new ConcurrentHashMap<>();

  public ProgramBci(ClassFiles files) {
    this.files = files;
  }

  /** The class files this map reads. */
  public ClassFiles classFiles() {
    return files;
  }

  /** The program's own offset of {@code l}; {@code l}'s own if its method's code cannot be read. */
  public long of(Location l) {
    return of(l.method(), l.codeIndex());
  }

  /**
   * The program's own offset of {@code index} in the replay's code of {@code m}: of the
   * instruction there, or of the one containing it; the end of the code is the end of the
   * program's code. {@code index} itself if the method's code cannot be read.
   */
  public long of(Method m, long index) {
    return programOffset(mapOf(m), index);
  }

  /** {@link #of(Method, long)} on a map of {@link #mapOf}'s form. */
  static long programOffset(int[] map, long index) {
    if (index < 0 || map.length == 0) {
      return index;
    }
    if (index >= map.length - 1) {
      return map[map.length - 1];
    }
    for (int at = (int) index; at >= 0; at--) {
      if (map[at] >= 0) {
        return map[at];
      }
    }
    return index;
  }

  /** The length of the program's own code of {@code m} (the replay's if the code cannot be read). */
  public long codeLength(Method m) {
    int[] map = mapOf(m);
    return map.length == 0 ? m.bytecodes().length : map[map.length - 1];
  }

  /**
   * The replay's offset of the program's instruction at {@code programBci} in {@code m}: the
   * program's instruction itself, after what the agent inserted before it, so every path to it
   * passes there; -1 if no instruction of the replay's code is at that program offset.
   */
  public long replayIndex(Method m, long programBci) {
    return replayOffset(mapOf(m), programBci);
  }

  /** {@link #replayIndex} on a map of {@link #mapOf}'s form. */
  static long replayOffset(int[] map, long programBci) {
    if (map.length == 0) {
      return programBci;
    }
    long found = -1;
    for (int at = 0; at < map.length - 1; at++) {
      if (map[at] == programBci) {
        found = at;
      } else if (found >= 0 && map[at] >= 0) {
        break;
      }
    }
    return found;
  }

  /** The program's own bytecodes of {@code m} (its class file's), or the replay's if the class file is not there. */
  public byte[] bytecodes(Method m) {
    int[] map = mapOf(m);
    ClassFile original = map.length == 0 ? null : classFile(m.declaringType().name());
    byte[] was = original == null ? null : original.code(m.name(), m.signature());
    return was != null && map[map.length - 1] == was.length ? was : m.bytecodes();
  }

  /**
   * The map of {@code m}'s replay offsets to the program's (-1 between instructions), with the
   * program's code length last; empty if the code cannot be read.
   */
  private int[] mapOf(Method m) {
    if (m.isNative() || m.isAbstract() || m.isObsolete()) {
      return new int[0];
    }
    return maps.computeIfAbsent(m.declaringType().name() + " " + m.name() + m.signature(), k -> map(m.declaringType(), m));
  }

  private int[] map(ReferenceType type, Method m) {
    try {
      byte[] code = m.bytecodes();
      ConstantPool pool = new ConstantPool(type.constantPool(), 0, type.constantPoolCount());
      List<Instructions.Insn> now = Instructions.of(code, pool);
      ClassFile original = classFile(type.name());
      byte[] was = original == null ? null : original.code(m.name(), m.signature());
      int[] map = null;
      int length = code.length;
      if (was != null) {
        map = diffed(Instructions.of(was, original.pool()), now, code.length);
        length = was.length;
      }
      if (map == null) {
        map = withoutHooks(now, code.length);
        length = code.length - removed(now, code.length);
      }
      int[] withLength = java.util.Arrays.copyOf(map, code.length + 1);
      withLength[code.length] = length;
      return withLength;
    } catch (RuntimeException e) {
      return new int[0]; // unreadable: offsets stay as the replay JVM has them
    }
  }

  /** How many bytes of the replay's code {@link #withoutHooks} took out. */
  private static int removed(List<Instructions.Insn> now, int length) {
    int removed = 0;
    boolean[] inserted = hooks(now);
    for (int j = 0; j < now.size(); j++) {
      if (inserted[j]) {
        removed += (j + 1 < now.size() ? now.get(j + 1).offset() : length) - now.get(j).offset();
      }
    }
    return removed;
  }

  /**
   * Whether the replay's code of {@code m} ticks at its entry (ttd's agent puts a tick there in
   * every method of the program that calls something): then a location of {@code m} runs at most
   * once between two ticks, as re-running it takes a new call or a backward jump, which both tick.
   */
  public boolean ticksAtEntry(Method m) {
    if (m.isNative() || m.isAbstract()) {
      return false;
    }
    return entryTicks.computeIfAbsent(m.declaringType().name() + " " + m.name() + m.signature(), k -> {
      try {
        ReferenceType type = m.declaringType();
        List<Instructions.Insn> now = Instructions.of(m.bytecodes(), new ConstantPool(type.constantPool(), 0, type.constantPoolCount()));
        // the tick comes first, or right after what a synchronized method's rewrite puts first
        for (int i = 0; i < Math.min(now.size(), 8); i++) {
          String key = now.get(i).key();
          if (key.equals("184 class ttd/runtime/ScheduleHooks.onTick()V")) {
            return true;
          }
          if (key.equals("goto") || key.matches("1(5[3-9]|6[0-9]|7[0-7]|9[89])|17[2-7]|191")) {
            return false; // a jump, a return or a throw before it
          }
        }
        return false;
      } catch (RuntimeException e) {
        return false;
      }
    });
  }

  private ClassFile classFile(String name) {
    ClassFile known = classes.get(name);
    if (known != null) {
      return known;
    }
    byte[] b = files.of(name);
    if (b == null) {
      return null;
    }
    ClassFile c = new ClassFile(b);
    classes.put(name, c);
    return c;
  }

  /** The map from the diff of the original and rewritten instructions; null if they differ too much. */
  static int[] diffed(List<Instructions.Insn> was, List<Instructions.Insn> now, int length) {
    int[] matched = Diff.match(keys(was), keys(now), MAX_EDITS);
    if (matched == null) {
      return null;
    }
    int[] nextMatched = new int[now.size() + 1];
    nextMatched[now.size()] = was.size();
    for (int j = now.size() - 1; j >= 0; j--) {
      nextMatched[j] = matched[j] >= 0 ? matched[j] : nextMatched[j + 1];
    }
    boolean[] inserted = hooks(now);
    int[] map = new int[length];
    java.util.Arrays.fill(map, -1);
    int free = 0;
    for (int j = 0; j < now.size(); j++) {
      int target;
      if (matched[j] >= 0) {
        target = matched[j];
        free = target + 1;
      } else if (!inserted[j] && free < nextMatched[j]) {
        target = free++; // an original instruction the gap leaves unmatched: the agent substituted this for it
      } else {
        target = nextMatched[j]; // the agent inserted this before the next program instruction
      }
      map[now.get(j).offset()] = target < was.size() ? was.get(target).offset() : -1;
    }
    return map;
  }

  private static List<String> keys(List<Instructions.Insn> insns) {
    List<String> k = new ArrayList<>(insns.size());
    for (Instructions.Insn i : insns) {
      k.add(i.key());
    }
    return k;
  }

  /**
   * Without the class file: the calls into ttd's runtime that the agent inserts (ticks, the
   * monitor hook, a value hook after a clock read) are taken out with the {@code dup} or constant
   * feeding them; a hook that stands in for a program call (sleep, wait, join, park) keeps its
   * place, as it has the call's length.
   */
  static int[] withoutHooks(List<Instructions.Insn> now, int length) {
    boolean[] inserted = hooks(now);
    int[] map = new int[length];
    java.util.Arrays.fill(map, -1);
    int removed = 0;
    for (int j = 0; j < now.size(); j++) {
      Instructions.Insn i = now.get(j);
      int size = (j + 1 < now.size() ? now.get(j + 1).offset() : length) - i.offset();
      if (inserted[j]) {
        removed += size;
        map[i.offset()] = -1;
      } else {
        map[i.offset()] = i.offset() - removed;
      }
    }
    for (int j = now.size() - 1, next = -1; j >= 0; j--) {
      int at = now.get(j).offset();
      if (map[at] < 0) {
        map[at] = next;
      } else {
        next = map[at];
      }
    }
    return map;
  }

  /**
   * Which instructions are calls the agent inserts into ttd's runtime (ticks, the monitor hook, a
   * value hook), with the {@code dup} or constant feeding them; not the hooks that stand in for a
   * program call (sleep, wait, notify, join, park: {@code onThread*}, {@code onObject*}).
   */
  private static boolean[] hooks(List<Instructions.Insn> now) {
    boolean[] inserted = new boolean[now.size()];
    for (int j = 0; j < now.size(); j++) {
      String k = now.get(j).key();
      if (k.startsWith("184 class ttd/runtime/") && !k.contains(".onThread") && !k.contains(".onObject")) {
        inserted[j] = true;
        String before = j > 0 ? now.get(j - 1).key() : "";
        if (before.startsWith("push ") || before.equals("89") || before.startsWith("ldc int ") || before.matches("[2-8]")) {
          inserted[j - 1] = true;
        }
      }
    }
    return inserted;
  }
}
