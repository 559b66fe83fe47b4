package ttd.bench;

/**
 * The start-up child workload: prints one line and exits, so that its wall time is almost
 * entirely JVM start-up and shut-down, plus whatever ttd's agent or replay launcher adds to them.
 *
 * <p>It lives in the bench module, rather than reusing a sample, so that its class path is the
 * same small directory as the other workloads' and the comparison stays like for like.
 */
public final class HelloWorkload {

  private HelloWorkload() {}

  public static void main(String[] args) {
    System.out.println("hello from the ttd start-up benchmark");
  }
}
