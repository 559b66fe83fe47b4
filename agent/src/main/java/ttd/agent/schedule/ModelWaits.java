package ttd.agent.schedule;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.AbstractOwnableSynchronizer;
import java.util.concurrent.locks.LockSupport;
import ttd.agent.value.ThreadInfos;

/**
 * What a thread info shows of a thread waiting in the scheduler: its real thread waits on a gate
 * of ttd's for its turn, so the JVM's thread infos showed that wait and its deadlock search found
 * no cycle, where a plain run shows the monitor the thread wants and who holds it, the object it
 * waits on, the blocker it is parked on. The model knows them ({@link ShadowState}).
 */
final class ModelWaits implements ThreadInfos.Model {

  private final Object lock;
  private final ShadowState shadow;
  private final Baton baton;

  ModelWaits(Object lock, ShadowState shadow, Baton baton) {
    this.lock = lock;
    this.shadow = shadow;
    this.baton = baton;
  }

  @Override
  public ThreadInfos.Wait waitOf(long id) {
    synchronized (lock) {
      SchedThread t = baton.enabled ? shadow.byId(id) : null;
      Thread.State state = t == null || t.thread == Thread.currentThread() ? null : ThreadStates.of(t);
      if (state == null) {
        return null;
      }
      switch (t.state) {
        case MONITOR:
          SchedThread holder = shadow.holderOf(t.want);
          return new ThreadInfos.Wait(t.thread, state, t.want, holder == null ? null : holder.thread);
        case WAIT:
          return new ThreadInfos.Wait(t.thread, state, t.waitingOn, null);
        case PARK:
          Object blocker = LockSupport.getBlocker(t.thread);
          return new ThreadInfos.Wait(t.thread, state, blocker, ownerOf(blocker));
        case JOIN:
          return new ThreadInfos.Wait(t.thread, state, t.joining.thread, null); // Thread.join waits on the thread
        case EXTERNAL:
          return new ThreadInfos.Wait(t.thread, state, t.gate == t.ownGate() ? null : t.gate, null);
        default:
          return new ThreadInfos.Wait(t.thread, state, null, null);
      }
    }
  }

  @Override
  public long[] deadlocked(boolean monitorsOnly) {
    synchronized (lock) {
      if (!baton.enabled) {
        return new long[0];
      }
      List<SchedThread> cycles = new ArrayList<>(0);
      for (SchedThread t : shadow.live()) {
        SchedThread next = waitsFor(t, monitorsOnly);
        for (int steps = 0; next != null && next != t && steps < shadow.live().size(); steps++) {
          next = waitsFor(next, monitorsOnly);
        }
        if (next == t) {
          cycles.add(t);
        }
      }
      long[] ids = new long[cycles.size()];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = cycles.get(i).thread.getId();
      }
      return ids;
    }
  }

  /** The thread holding what {@code t} waits to take (a monitor; a lock, unless {@code monitorsOnly}), or null. */
  private SchedThread waitsFor(SchedThread t, boolean monitorsOnly) {
    if (t.state == SchedThread.State.MONITOR) {
      return shadow.holderOf(t.want);
    }
    if (t.state == SchedThread.State.PARK && !monitorsOnly) {
      return shadow.byThread(ownerOf(LockSupport.getBlocker(t.thread)));
    }
    return null;
  }

  /** The owner a plain run shows of a parked thread's blocker: a lock of {@code java.util.concurrent}'s has one. */
  private static Thread ownerOf(Object blocker) {
    return blocker instanceof AbstractOwnableSynchronizer ? (Thread) Owner.EXCLUSIVE.get(blocker) : null;
  }

  /** {@code AbstractOwnableSynchronizer}'s owner, looked up when a parked thread's is first asked for. */
  private static final class Owner {
    static final VarHandle EXCLUSIVE;

    static {
      try {
        EXCLUSIVE = MethodHandles.privateLookupIn(AbstractOwnableSynchronizer.class, MethodHandles.lookup())
            .findVarHandle(AbstractOwnableSynchronizer.class, "exclusiveOwnerThread", Thread.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }
}
