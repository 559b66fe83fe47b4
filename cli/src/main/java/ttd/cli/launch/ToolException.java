package ttd.cli.launch;

/**
 * A failure of the ttd tool to show as one sentence (what is wrong, what to do) with an exit status.
 */
public final class ToolException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Bad usage or bad input: the documented status for anything the user can fix. */
  public static final int BAD_INPUT = 2;

  private final int status;

  public ToolException(String message) {
    this(message, BAD_INPUT);
  }

  public ToolException(String message, int status) {
    super(message);
    this.status = status;
  }

  public int status() {
    return status;
  }
}
