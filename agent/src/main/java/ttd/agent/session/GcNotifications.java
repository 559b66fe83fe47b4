package ttd.agent.session;

import com.sun.management.GcInfo;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.MemoryUsage;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import ttd.log.EventKind;

/**
 * The JVM's garbage-collection notifications, which run the listeners a program adds to a
 * collector's bean (Micrometer's {@code JvmGcMetrics}, health checks) on the JVM's notification
 * thread, at moments only the collector decides: a replay, whose collector runs at other moments,
 * ran them elsewhere, or not at all (docs/compat.md, Micrometer).
 *
 * <p>When the program first adds a listener, ttd starts a thread of the program's, named as the
 * JVM's ("Notification Thread"), that delivers every notification from then on. Recording takes
 * the JVM's call over (its arguments into a queue) and the delivering thread waits for the queue
 * outside the scheduler, like a thread blocked in I/O; it logs the notification once it holds the
 * baton again and then calls the bean's {@code createGCNotification} itself, so the listeners run
 * there. A replay drops the JVM's own calls and delivers the logged notifications at the same
 * places. Both modes build the {@code GcInfo} from the logged text, as the JVM does (its private
 * constructor and the bean's {@code GcInfoBuilder}), so the listeners see the same objects made the
 * same way.
 */
final class GcNotifications {

  /** The name a delivery is logged under. */
  private static final String METHOD = "GarbageCollectorExtImpl.createGCNotification";
  private static final String WAIT = "the wait for the JVM's next garbage-collection notification";

  private final ProgramRun run;
  private final Exchange exchange;
  /**
   * The JVM's notifications while recording, each as the text the log keeps; its monitor is what
   * the delivering thread waits on. Not a {@code BlockingQueue}: its wait initialises {@code
   * ForkJoinPool} (managed blocking), whose initialiser reads a captured value, and in a recording
   * only, on the delivering thread inside agent code, so the program's own first use of the class
   * in the replay logged a read the recording never had (Micrometer, both JDKs).
   */
  private final ArrayDeque<String> pending = new ArrayDeque<>();
  /** The beans the program listens to, by collector name. */
  private final Map<String, Object> beans = new ConcurrentHashMap<>();
  private volatile Thread deliverer;
  private Access access;

  GcNotifications(ProgramRun run, Exchange exchange) {
    this.run = run;
    this.exchange = exchange;
  }

  /**
   * The program adds a listener to {@code bean}: the first time, the delivering thread starts. The
   * call through which it delivers is linked here, in agent code ({@link Access#link}): linking
   * hashes objects, as many as the JDK's method-handle caches lack, which differs between record
   * and replay.
   */
  void listenerAdded(Object bean) {
    ThreadState t = run.enter();
    if (t == null) {
      return;
    }
    Deliveries body = null;
    try {
      if (access == null) {
        access = Access.open(bean.getClass());
      }
      if (access.broken()) {
        return;
      }
      beans.put(((GarbageCollectorMXBean) bean).getName(), bean);
      if (deliverer == null) {
        access.link();
        body = new Deliveries();
      }
    } finally {
      run.exit(t);
    }
    if (body != null) { // as the program: the thread is the program's, its start a logged event
      Thread d = new Thread(body, "Notification Thread");
      d.setDaemon(true);
      deliverer = d;
      d.start();
    }
  }

  /**
   * The JVM notifies the listeners of collector {@code name}'s bean: true when ttd takes it over (recording queues it,
   * a replay drops it), false on the delivering thread itself and when nobody listens through ttd.
   */
  boolean offered(long timestamp, String name, String action, String cause, Object info) {
    Thread d = deliverer;
    if (d == null || Thread.currentThread() == d || !run.active || !beans.containsKey(name)) {
      return false;
    }
    if (exchange.performsRealIo()) {
      String text;
      try {
        text = access.encode(timestamp, name, action, cause, (GcInfo) info);
      } catch (RuntimeException e) {
        return false; // the JVM delivers it, unlogged, rather than nobody
      }
      synchronized (pending) {
        pending.add(text);
        pending.notifyAll();
      }
    }
    return true;
  }

  /** The delivering thread's body: agent code around program code (the listeners). */
  private final class Deliveries implements Runnable {
    @Override
    public void run() {
      while (true) {
        Object[] call = next();
        if (call == null) {
          return;
        }
        try {
          access.deliver(call);
        } catch (RuntimeException | Error e) {
          // as the JVM's notification thread: the JDK has printed what a listener threw, and it goes on
        }
      }
    }

    /** The next notification's call, or null once the session stops acting. */
    private Object[] next() {
      ThreadState t = run.enter();
      if (t == null) {
        return null;
      }
      try {
        String text = null;
        run.blocking().begin(t, WAIT);
        try {
          if (exchange.performsRealIo()) {
            text = takeUninterrupted();
          }
        } finally {
          run.blocking().end(t);
        }
        text = exchange.exchangePair(t, EventKind.CAPTURED_VALUE, METHOD, text);
        return text == null ? null : access.decode(text, beans);
      } finally {
        run.exit(t);
      }
    }

    private String takeUninterrupted() {
      synchronized (pending) {
        while (pending.isEmpty()) {
          try {
            pending.wait();
          } catch (InterruptedException e) {
            // only ttd knows this thread; nothing to stop for
          }
        }
        return pending.poll();
      }
    }
  }

  /**
   * The JDK's private parts a delivery needs, from {@code jdk.management} (opened to the agent by
   * its premain): the bean's {@code createGCNotification} and {@code getGcInfoBuilder}, and {@code
   * GcInfo}'s constructor and extra attributes. Without them ({@link #broken}) ttd leaves the
   * notifications to the JVM, as before.
   */
  private static final class Access {
    /** {@code createGCNotification}, as {@code (Object, long, String, String, String, GcInfo)void}. */
    private final MethodHandle notify;
    private final MethodHandle builder;
    private final MethodHandle poolNames;
    private final MethodHandle info;
    private final MethodHandle extras;

    private Access(MethodHandle notify, MethodHandle builder, MethodHandle poolNames, MethodHandle info,
        MethodHandle extras) {
      this.notify = notify;
      this.builder = builder;
      this.poolNames = poolNames;
      this.info = info;
      this.extras = extras;
    }

    static Access open(Class<?> beanType) {
      try {
        Class<?> gcInfoBuilder = Class.forName("com.sun.management.internal.GcInfoBuilder", false, null);
        MethodHandles.Lookup bean = MethodHandles.privateLookupIn(beanType, MethodHandles.lookup());
        MethodHandles.Lookup gi = MethodHandles.privateLookupIn(GcInfo.class, MethodHandles.lookup());
        return new Access(
            bean.findVirtual(beanType, "createGCNotification", MethodType.methodType(
                void.class, long.class, String.class, String.class, String.class, GcInfo.class))
                .asType(MethodType.methodType(
                    void.class, Object.class, long.class, String.class, String.class, String.class, GcInfo.class)),
            bean.findVirtual(beanType, "getGcInfoBuilder", MethodType.methodType(gcInfoBuilder)),
            bean.findVirtual(gcInfoBuilder, "getPoolNames",
                MethodType.methodType(String[].class)),
            gi.findConstructor(GcInfo.class, MethodType.methodType(void.class, gcInfoBuilder, long.class,
                long.class, long.class, MemoryUsage[].class, MemoryUsage[].class, Object[].class)),
            gi.findGetter(GcInfo.class, "extAttributes", Object[].class));
      } catch (ReflectiveOperationException | RuntimeException e) {
        return new Access(null, null, null, null, null);
      }
    }

    boolean broken() {
      return notify == null;
    }

    /** Calls {@code createGCNotification} with {@code call}'s receiver and arguments. */
    void deliver(Object[] call) {
      try {
        notify.invokeExact(call[0], (long) call[1], (String) call[2], (String) call[3], (String) call[4],
            (GcInfo) call[5]);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e); // createGCNotification declares none
      }
    }

    /** Links {@link #deliver}'s call, which then fails on its missing receiver before any bean runs. */
    void link() {
      try {
        deliver(new Object[] {null, 0L, null, null, null, null});
      } catch (NullPointerException linked) {
        // as intended
      }
    }

    /** One line each: time, collector, action, cause, id, start, end, usages before and after, extras. */
    String encode(long timestamp, String name, String action, String cause, GcInfo gc) {
      StringBuilder s = new StringBuilder();
      s.append(timestamp).append('\n').append(name).append('\n').append(action).append('\n').append(cause)
          .append('\n').append(gc.getId()).append('\n').append(gc.getStartTime()).append('\n')
          .append(gc.getEndTime()).append('\n');
      usages(s, gc.getMemoryUsageBeforeGc());
      usages(s, gc.getMemoryUsageAfterGc());
      try {
        for (Object extra : (Object[]) extras.invoke(gc)) {
          s.append(extra.getClass().getSimpleName()).append(':').append(extra).append(';');
        }
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
      return s.toString();
    }

    private static void usages(StringBuilder s, Map<String, MemoryUsage> byPool) {
      for (Map.Entry<String, MemoryUsage> e : byPool.entrySet()) {
        MemoryUsage u = e.getValue();
        s.append(e.getKey()).append('=').append(u.getInit()).append(',').append(u.getUsed()).append(',')
            .append(u.getCommitted()).append(',').append(u.getMax()).append(';');
      }
      s.append('\n');
    }

    /** The receiver and arguments of {@code createGCNotification} for a logged notification. */
    Object[] decode(String text, Map<String, Object> beans) {
      String[] f = text.split("\n", -1);
      Object bean = beans.get(f[1]);
      if (bean == null) {
        throw new IllegalStateException("ttd: a garbage-collection notification for " + f[1]
            + ", whose bean the program never listened to");
      }
      try {
        Object gcInfoBuilder = builder.invoke(bean);
        String[] pools = (String[]) poolNames.invoke(gcInfoBuilder);
        Object gc = info.invoke(gcInfoBuilder, Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]),
            usages(f[7], pools), usages(f[8], pools), extras(f[9]));
        return new Object[] {bean, Long.parseLong(f[0]), f[1], f[2], f[3], gc};
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
    }

    private static MemoryUsage[] usages(String line, String[] pools) {
      Map<String, MemoryUsage> byPool = new java.util.HashMap<>();
      for (String entry : line.split(";")) {
        if (entry.isEmpty()) {
          continue;
        }
        int eq = entry.lastIndexOf('=');
        String[] n = entry.substring(eq + 1).split(",");
        byPool.put(entry.substring(0, eq), new MemoryUsage(
            Long.parseLong(n[0]), Long.parseLong(n[1]), Long.parseLong(n[2]), Long.parseLong(n[3])));
      }
      MemoryUsage[] out = new MemoryUsage[pools.length];
      for (int i = 0; i < pools.length; i++) {
        out[i] = byPool.get(pools[i]);
      }
      return out;
    }

    private static Object[] extras(String line) {
      String[] items = line.isEmpty() ? new String[0] : line.split(";");
      Object[] out = new Object[items.length];
      for (int i = 0; i < items.length; i++) {
        int colon = items[i].indexOf(':');
        String v = items[i].substring(colon + 1);
        switch (items[i].substring(0, colon)) {
          case "Boolean": out[i] = Boolean.valueOf(v); break;
          case "Byte": out[i] = Byte.valueOf(v); break;
          case "Character": out[i] = v.charAt(0); break;
          case "Short": out[i] = Short.valueOf(v); break;
          case "Integer": out[i] = Integer.valueOf(v); break;
          case "Long": out[i] = Long.valueOf(v); break;
          case "Float": out[i] = Float.valueOf(v); break;
          default: out[i] = Double.valueOf(v); break;
        }
      }
      return out;
    }
  }
}
