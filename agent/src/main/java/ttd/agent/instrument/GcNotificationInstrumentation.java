package ttd.agent.instrument;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code com.sun.management.internal.GarbageCollectorExtImpl}, a garbage collector's bean: the
 * JVM's notification thread calls its {@code createGCNotification} after each collection, which
 * runs the listeners the program added (Micrometer's {@code JvmGcMetrics}, health monitors) at a
 * moment only the collector decides. Its entry asks a hook whether ttd delivers the notification
 * itself (then the JVM's call returns at once), and {@code addNotificationListener}'s entry tells
 * the session that the program listens, so that ttd's delivering thread starts at that place in
 * the program.
 */
final class GcNotificationInstrumentation implements TypeInstrumentation {

  static final String TYPE = "com/sun/management/internal/GarbageCollectorExtImpl";
  static final String NOTIFY = "createGCNotification";
  static final String NOTIFY_DESC =
      "(JLjava/lang/String;Ljava/lang/String;Ljava/lang/String;Lcom/sun/management/GcInfo;)V";
  static final String NOTIFY_HOOK =
      "(JLjava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;)Z";
  static final String LISTEN = "addNotificationListener";
  static final String LISTEN_DESC =
      "(Ljavax/management/NotificationListener;Ljavax/management/NotificationFilter;Ljava/lang/Object;)V";
  static final String LISTEN_HOOK = "(Ljava/lang/Object;)V";

  @Override
  public String typeName() {
    return TYPE;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals(LISTEN) && desc.equals(LISTEN_DESC)) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ALOAD, 0);
        HookCalls.call(m, "onGcListenerAdded", LISTEN_HOOK);
      });
    }
    if (!name.equals(NOTIFY) || !desc.equals(NOTIFY_DESC)) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onEntry(mv, access, name, desc, m -> {
      m.visitVarInsn(Opcodes.LLOAD, 1);
      m.visitVarInsn(Opcodes.ALOAD, 3);
      m.visitVarInsn(Opcodes.ALOAD, 4);
      m.visitVarInsn(Opcodes.ALOAD, 5);
      m.visitVarInsn(Opcodes.ALOAD, 6);
      HookCalls.call(m, "onGcNotification", NOTIFY_HOOK);
      Label deliver = new Label();
      m.visitJumpInsn(Opcodes.IFEQ, deliver);
      m.visitInsn(Opcodes.RETURN);
      m.visitLabel(deliver);
      m.visitFrame(Opcodes.F_SAME, 0, null, 0, null); // before the method's own frames: the entry's locals
    });
  }
}
