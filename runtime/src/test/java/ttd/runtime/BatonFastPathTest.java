package ttd.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The tick and monitor-enter fast paths of {@link ScheduleHooks}: what counts, and when the agent is called. */
class BatonFastPathTest {

  private final List<String> calls = new ArrayList<>();
  private Clock clock;

  @AfterEach
  void uninstall() {
    ScheduleHooks.batonPassed(null);
    Hooks.install(null);
  }

  @Test
  void ticksCountOnTheBatonHolderAndCallTheAgentOnlyAtItsSwitchTick() {
    Clock c = holder();
    c.switchAt = 10;
    for (int i = 0; i < 12; i++) {
      ScheduleHooks.onTick();
    }
    assertEquals(12, c.ticks);
    assertEquals(List.of("tick@10", "tick@11", "tick@12"), calls);
  }

  @Test
  void ticksDoNotCountInAgentCodeNorOnOtherThreadsNorWithoutABatonHolder() throws Exception {
    Clock c = holder();
    c.owner.busy = true;
    ScheduleHooks.onTick();
    ScheduleHooks.onMonitorEnter(new Object());
    c.owner.busy = false;
    Thread other = new Thread(ScheduleHooks::onTick);
    other.start();
    other.join();
    ScheduleHooks.batonPassed(null);
    ScheduleHooks.onTick();
    assertEquals(0, c.ticks);
    assertEquals(List.of(), calls);
  }

  @Test
  void aMonitorEnterTicksAndGoesToTheAgentOnlyWhenTheModelCannotTakeItOrTheTickIsDue() {
    Clock c = holder();
    Object free = new Object();
    Object contended = new Object();
    c.contended = contended;
    ScheduleHooks.onMonitorEnter(free);
    ScheduleHooks.onMonitorEnter(contended);
    c.switchAt = c.ticks + 1;
    ScheduleHooks.onMonitorEnter(free);
    ScheduleHooks.onMonitorEnter(null); // the real monitorenter throws; no tick
    assertEquals(3, c.ticks);
    assertEquals(List.of("enterFast@1", "enterFast@2", "enter@2", "enter@3"), calls);
  }

  private Clock holder() {
    clock = new Clock();
    clock.switchAt = Long.MAX_VALUE;
    Hooks.install(agent());
    ScheduleHooks.batonPassed(clock);
    return clock;
  }

  /** A clock whose model refuses {@link #contended} and notes the rest. */
  private final class Clock extends BatonClock {
    Object contended;

    Clock() {
      super(0, Thread.currentThread(), null);
    }

    @Override
    public boolean enterFast(Object monitor) {
      calls.add("enterFast@" + ticks);
      return monitor != contended;
    }
  }

  private HookDelegate agent() {
    return (HookDelegate)
        Proxy.newProxyInstance(
            HookDelegate.class.getClassLoader(),
            new Class<?>[] {HookDelegate.class},
            (proxy, method, args) -> {
              if (method.getName().equals("onTick")) {
                calls.add("tick@" + clock.ticks);
              } else if (method.getName().equals("onMonitorEnter")) {
                calls.add("enter@" + clock.ticks);
              }
              return null;
            });
  }
}
