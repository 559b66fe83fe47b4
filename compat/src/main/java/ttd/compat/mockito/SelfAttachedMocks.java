package ttd.compat.mockito;

/**
 * {@link InlineMocks}'s tests run as most builds run them, without {@code -javaagent}: Mockito's
 * inline mock maker then has Byte Buddy's attacher, another process, load its agent into the JVM
 * while the tests run.
 */
public class SelfAttachedMocks {
  public static void main(String[] args) {
    InlineMocks.main(args);
  }
}
