package ttd.agent.replay;

import ttd.agent.session.Messages;
import ttd.agent.session.SignalNames;

/**
 * A signal sent to a replay JVM (by {@code ttd replay} passing on its own SIGTERM, by {@code
 * timeout}, Ctrl-C) stops the replay at once: it is not part of the recording, so the JVM's own
 * handler, which would run the program's shutdown hooks outside the replay, never sees it.
 */
final class ReplaySignals {

  private ReplaySignals() {}

  static void install(Messages messages) {
    for (String name : new String[] {"TERM", "INT", "HUP"}) {
      sun.misc.Signal signal = new sun.misc.Signal(name);
      sun.misc.SignalHandler stop =
          new sun.misc.SignalHandler() {
            @Override
            public void handle(sun.misc.Signal s) {
              messages.say("the replay was stopped by " + SignalNames.of(s.getNumber()));
              Runtime.getRuntime().halt(128 + s.getNumber());
            }
          };
      try {
        sun.misc.Signal.handle(signal, stop);
      } catch (IllegalArgumentException e) {
        // the JVM runs with -Xrs, or the signal is ignored: it cannot reach the program either
      }
    }
  }
}
