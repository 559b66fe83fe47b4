package ttd.agent.identity;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * While ttd starts up, reseeds the start-up thread's identity-hash state by the name of every
 * class it loads, so the classes the start-up links get hashes that depend on their names, not on
 * what the recording's or the replay's start-up did before.
 *
 * <p>HotSpot hashes a class when it links it ({@code Verifier::verify} hashes the mirror eagerly,
 * verified or not; JDK 17 and 25), from the linking thread's state, and ttd's start-up links JDK
 * classes on main after {@link SharedHashes#assign} after other work in each mode (the session's
 * {@code ConcurrentLinkedQueue}, the security provider classes). Groovy's class-node cache, keyed
 * by such classes, then walked other chains in the replay. A class is usually linked right after
 * it (or its subclass) is loaded, so its hash is drawn from a state fixed by a name. It stops
 * before the program starts, so the program's own loads never reseed anything
 * (docs/decisions/startup-class-hashes.md).
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
