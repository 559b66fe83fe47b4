package ttd.nativeside.mi;

/** gdb ended (or never started) while the console needed it. */
public final class GdbGone extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public GdbGone(String message) {
    super(message);
  }
}
