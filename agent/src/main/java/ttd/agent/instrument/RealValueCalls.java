package ttd.agent.instrument;

import java.lang.reflect.Method;
import java.util.List;
import ttd.agent.io.RealNativeIoCalls;
import ttd.runtime.RealCalls;

/**
 * The JDK methods whose calls a recorded value replaces ({@link Capture.Rewrite#VALUE_INSTEAD_OF_CALL}),
 * by the number their call sites pass: the recording calls them through here. All are found when
 * the agent starts, in both modes, so that finding one (which links its class) happens at the same
 * moment in a recording, which calls them, and in its replay, which does not.
 */
public final class RealValueCalls implements RealCalls {

  private final Method[] methods;

  public RealValueCalls() {
    List<Capture> rows = CaptureTable.valueRowList();
    methods = new Method[rows.size()];
    for (int i = 0; i < methods.length; i++) {
      Capture c = rows.get(i);
      if (c.how() == Capture.Rewrite.VALUE_INSTEAD_OF_CALL) {
        methods[i] = RealNativeIoCalls.find(c.owner(), c.name(), c.desc(), c.isStatic());
      }
    }
  }

  @Override
  public Object call(int number, Object[] args) throws Exception {
    Method m = methods[number];
    if (m == null) {
      throw new IllegalStateException("no JDK method for the captured value numbered " + number);
    }
    return RealNativeIoCalls.invoke(m, args);
  }
}
