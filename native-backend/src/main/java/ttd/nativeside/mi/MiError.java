package ttd.nativeside.mi;

/** gdb refused a command ({@code ^error}); the message is gdb's own. */
public final class MiError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public MiError(String message) {
    super(message);
  }
}
