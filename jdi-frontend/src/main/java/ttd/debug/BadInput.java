package ttd.debug;

/** Something the user typed cannot be done; the message is the one line the console prints. */
public final class BadInput extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public BadInput(String message) {
    super(message);
  }
}
