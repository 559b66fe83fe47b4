package ttd.agent.schedule;

import java.util.concurrent.locks.LockSupport;

/**
 * Describes a deadlock for a person: each blocked thread, what it waits for, and who holds it.
 *
 * <p>Objects are named by class only: asking for an identity hash would give the object one.
 */
final class DeadlockReport {

  private DeadlockReport() {}

  static String of(ShadowState shadow) {
    StringBuilder b = new StringBuilder("the program is deadlocked: every thread waits for another");
    for (SchedThread t : shadow.live()) {
      b.append("\n  thread #").append(t.ordinal).append(" \"").append(t.name()).append("\" ");
      switch (t.state) {
        case MONITOR:
          SchedThread holder = shadow.holderOf(t.want);
          b.append("waits for the monitor of a ").append(describe(t.want));
          if (holder != null) {
            b.append(", held by thread #").append(holder.ordinal).append(" \"").append(holder.name()).append('"');
          }
          break;
        case WAIT:
          b.append("waits in Object.wait on a ").append(describe(t.waitingOn)).append(" nobody notifies");
          break;
        case PARK:
          Object blocker = LockSupport.getBlocker(t.thread);
          b.append("is parked").append(blocker == null ? "" : " on a " + describe(blocker));
          break;
        case JOIN:
          b.append("joins thread #").append(t.joining.ordinal).append(" \"").append(t.joining.name()).append('"');
          break;
        default:
          b.append("is ").append(t.state.name().toLowerCase(java.util.Locale.ROOT));
      }
      if (t.heldCount > 0) {
        b.append("; it holds the monitor of");
        for (int i = 0; i < t.heldCount; i++) {
          b.append(i == 0 ? " a " : ", a ").append(describe(t.held[i]));
        }
      }
    }
    return b.toString();
  }

  private static String describe(Object o) {
    return o == null ? "null" : o instanceof Class ? "class " + ((Class<?>) o).getName() : o.getClass().getName();
  }
}
