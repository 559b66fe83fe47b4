package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.runtime.NativeIoOp;
import ttd.runtime.RealCalls;

class ProcessesTest {

  private final List<Integer> realCalls = new ArrayList<>();
  private final RealCalls real = (op, args) -> {
    realCalls.add(op);
    return op == NativeIoOp.PROCESS_DESTROY ? Boolean.TRUE : (Object) 4242;
  };
  private final Processes processes = new Processes(new ProgramFds());

  @Test
  void aReplayStartsNoProcessForAThreadItDoesNotFollow() {
    IOException refused = assertThrows(IOException.class,
        () -> processes.untracked(real, NativeIoOp.PROCESS_FORK, fork("/usr/bin/touch"), false));
    assertEquals("ttd: a replay changes nothing for a thread ttd does not follow; it would start /usr/bin/touch", refused.getMessage());
    assertEquals(List.of(), realCalls);
  }

  @Test
  void aReplaySignalsNoProcessForAThreadItDoesNotFollow() throws Exception {
    assertEquals(Boolean.FALSE, processes.untracked(real, NativeIoOp.PROCESS_DESTROY, new Object[] {1L, 0L, true}, false));
    assertEquals(List.of(), realCalls);
  }

  @Test
  void aRecordingLetsThoseThreadsStartAndSignalProcesses() throws Exception {
    assertEquals(4242, processes.untracked(real, NativeIoOp.PROCESS_FORK, fork("/usr/bin/true"), true));
    assertEquals(Boolean.TRUE, processes.untracked(real, NativeIoOp.PROCESS_DESTROY, new Object[] {1L, 0L, true}, true));
    assertEquals(List.of(NativeIoOp.PROCESS_FORK, NativeIoOp.PROCESS_DESTROY), realCalls);
  }

  /** forkAndExec's arguments (see Processes.fork), for {@code program}. */
  private static Object[] fork(String program) {
    byte[] prog = (program + "\0").getBytes(StandardCharsets.UTF_8);
    return new Object[] {null, 1, new byte[0], prog, new byte[0], 0, null, 0, null, new int[] {-1, -1, -1}, false};
  }
}
