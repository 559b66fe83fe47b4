package ttd.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/** The hook façade is defined into the bootstrap loader, where only java.* types exist. */
class BootstrapSurfaceTest {

  @Test
  void hookClassesReferOnlyToJavaTypesAndEachOther() throws IOException {
    Set<String> foreign = new TreeSet<>();
    for (Class<?> c : new Class<?>[] {
        Hooks.class, ScheduleHooks.class, HookDelegate.class, FileHooks.class, NativeIoHooks.class, NetHooks.class,
        RandomHooks.class, RealSecureRandom.class, ReplayPosition.class,
        ReplayPosition.HashBracket.class, ReplayPosition.ThreadClock.class, BatonClock.class,
        AgentGuard.class, DeclarationOrder.class, HiddenClassNames.class, PassThrough.class}) {
      for (String type : referencedTypes(c)) {
        if (!type.startsWith("java/") && !type.startsWith("ttd/runtime/")) {
          foreign.add(c.getSimpleName() + " -> " + type);
        }
      }
    }
    assertEquals(Set.of(), foreign);
  }

  @Test
  void everyDelegateMethodIsReachedByAHookOfItsName() {
    Set<String> hooks = new TreeSet<>();
    for (var m : Hooks.class.getMethods()) {
      hooks.add(m.getName());
    }
    for (var m : ScheduleHooks.class.getMethods()) {
      hooks.add(m.getName());
    }
    for (var m : FileHooks.class.getMethods()) {
      hooks.add(m.getName());
    }
    for (var m : NativeIoHooks.class.getMethods()) {
      hooks.add(m.getName());
    }
    for (var m : NetHooks.class.getMethods()) {
      hooks.add(m.getName());
    }
    for (var m : RandomHooks.class.getMethods()) {
      hooks.add(m.getName());
    }
    for (var m : HookDelegate.class.getMethods()) {
      // onFileInput serves the family onFileInputOpen, onFileInputRead, ...
      assertTrue(
          hooks.stream().anyMatch(h -> h.startsWith(m.getName())), "no hook for " + m.getName());
    }
  }

  private static Set<String> referencedTypes(Class<?> c) throws IOException {
    Set<String> types = new TreeSet<>();
    try (InputStream in = c.getResourceAsStream(c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class")) {
      new ClassReader(in)
          .accept(
              new ClassRemapper(
                  new ClassVisitor(Opcodes.ASM9) {},
                  new Remapper() {
                    @Override
                    public String map(String internalName) {
                      types.add(Type.getObjectType(internalName).getInternalName());
                      return internalName;
                    }
                  }),
              0);
    }
    return types;
  }
}
