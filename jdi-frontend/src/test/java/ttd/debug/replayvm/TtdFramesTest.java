package ttd.debug.replayvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;

class TtdFramesTest {

  @Test
  void aThreadWaitingInsideANativeIoBridgeShowsTheProgramsCallerOnTop() {
    List<StackFrame> frames = List.of(
        frame("java.lang.Object", "wait"),
        frame("ttd.agent.schedule.Scheduler", "await"),
        frame("ttd.runtime.NativeIoHooks", "onNativeIoLong"),
        frame("shop.Store", "ttd$io$0"),
        frame("shop.Store", "position"),
        frame("shop.Main", "main"));
    assertEquals(4, TtdFrames.onTop(frames));
  }

  @Test
  void theProgramsOwnFramesAndTheJdksBelowThemStay() {
    assertEquals(0, TtdFrames.onTop(List.of(frame("shop.Main", "main"))));
    assertEquals(0, TtdFrames.onTop(List.of(frame("java.util.HashMap", "putVal"), frame("shop.Main", "main"))));
    assertEquals(2, TtdFrames.onTop(List.of(
        frame("java.lang.Object", "wait"), frame("ttd.agent.schedule.Scheduler", "await"),
        frame("java.util.HashMap", "putVal"), frame("shop.Main", "main"))));
  }

  /** A frame of {@code type.method}: only what {@link TtdFrames} asks of it answers. */
  private static StackFrame frame(String type, String method) {
    ReferenceType declaring = fake(ReferenceType.class, "name", type);
    Method m = fake(Method.class, "name", method);
    Location location = (Location) Proxy.newProxyInstance(TtdFramesTest.class.getClassLoader(),
        new Class<?>[] {Location.class},
        (p, called, args) -> switch (called.getName()) {
          case "declaringType" -> declaring;
          case "method" -> m;
          default -> throw new UnsupportedOperationException(called.getName());
        });
    return fake(StackFrame.class, "location", location);
  }

  private static <T> T fake(Class<T> type, String method, Object answer) {
    return type.cast(Proxy.newProxyInstance(TtdFramesTest.class.getClassLoader(), new Class<?>[] {type},
        (p, called, args) -> {
          if (called.getName().equals(method)) {
            return answer;
          }
          throw new UnsupportedOperationException(called.getName());
        }));
  }
}
