package ttd.agent.path;

import ttd.agent.identity.HashState;
import ttd.runtime.AgentGuard;

/**
 * The bracket around the path's own slow work on a program thread (writing or reading a chunk
 * through Chronicle): the thread's guard is raised, so hooks pass through and ticks do not count,
 * and its identity-hash state is put back after, so the work moves none of the program's hashes.
 * Written out as begin and end rather than taking a lambda: linking a lambda's call site on the
 * program's thread would itself draw hashes, outside the bracket.
 */
final class AgentWork {

  private final AgentGuard owner;
  private final int[] hash = new int[4];
  private boolean was;
  private boolean bracket;

  AgentWork(AgentGuard owner) {
    this.owner = owner;
  }

  void begin() {
    was = owner.busy;
    owner.busy = true;
    bracket = HashState.available();
    if (bracket) {
      HashState.save(hash);
    }
  }

  void end() {
    if (bracket) {
      HashState.write(hash);
    }
    owner.busy = was;
  }
}
