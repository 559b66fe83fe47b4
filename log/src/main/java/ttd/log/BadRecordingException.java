package ttd.log;

/**
 * A recording that cannot be used, with one sentence saying what is wrong and what to do.
 *
 * <p>The message is shown to the user as it is, so it must read as a complete sentence.
 */
public class BadRecordingException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public BadRecordingException(String message) {
    super(message);
  }

  public BadRecordingException(String message, Throwable cause) {
    super(message, cause);
  }
}
