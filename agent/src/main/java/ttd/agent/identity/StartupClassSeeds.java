package ttd.agent.identity;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * While ttd starts up, reseeds the start-up thread's identity-hash state by the name of every
 * class it loads, so the classes the start-up links get hashes that depend on their names, not on
 * what the recording's or the replay's start-up did before.
 *
 * <p>HotSpot gives a class its identity hash when it links it ({@code Verifier::verify}, called by
 * {@code link_class_impl}, hashes the mirror eagerly, also for the classes it does not verify; JDK
 * 17 and 25), from the state of the thread that links it. ttd's start-up links JDK classes on main after {@link SharedHashes#assign}
 * (the session's {@code ConcurrentLinkedQueue}, the security provider classes, URL connections),
 * at states that differ between the modes, since each mode did other work before. Those classes
 * kept hashes the other mode did not give them, and a program keying a map by them walked other
 * chains: Groovy's class-node cache in {@code groovy.ScriptShell}. A probe reading the hashes of the
 * classes loaded by a Groovy script found 116 of 2,582 differing on JDK 17 and 98 of 2,457 on 25;
 * with the reseeding, 2 and 7. A class is usually linked right after
 * it is loaded (or its subclass is), so the draw lands on a state fixed by its name; agent objects
 * hashed in between only move draws that a later load reseeds anyway. The program's threads are
 * never touched: it runs only on the start-up thread, and only until {@link #stop}.
 */
public final class StartupClassSeeds implements ClassFileTransformer {

  private final Instrumentation inst;
  private final Thread startup = Thread.currentThread();

  private StartupClassSeeds(Instrumentation inst) {
    this.inst = inst;
  }

  /** Starts reseeding the calling thread's state at its class loads. */
  public static StartupClassSeeds start(Instrumentation inst) {
    StartupClassSeeds seeds = new StartupClassSeeds(inst);
    if (HashState.available()) {
      inst.addTransformer(seeds);
    }
    return seeds;
  }

  /** Stops reseeding; harmless when stopped already. */
  public void stop() {
    inst.removeTransformer(this);
  }

  @Override
  public byte[] transform(
      ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
    if (redefined == null && name != null && Thread.currentThread() == startup) {
      HashState.write(HashState.seeded(name.hashCode()));
    }
    return null;
  }
}
