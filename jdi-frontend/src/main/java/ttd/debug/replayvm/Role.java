package ttd.debug.replayvm;

/**
 * Why the console made an event request, kept as the request's property: the user's own requests
 * stop the replay, observers only take note (a reverse search, a field's history), the others
 * serve one motion (a step, a goto); method entries followed for an observer only install more of
 * its requests.
 */
public enum Role {
  USER,
  OBSERVER,
  STEP,
  GOTO,
  PREPARE,
  /**
   * A method entry an observer follows to install its requests as the thread gets there (and
   * that stands for the arrival at the method's first line, where JDWP passes the new breakpoint
   * over).
   */
  FOLLOW,
  /**
   * The replay's first event, after the agent's start-up has rewritten the classes already loaded
   * (which drops the breakpoints set in them): the program runs from there on.
   */
  START;

  public static final String KEY = "ttd.role";
}
