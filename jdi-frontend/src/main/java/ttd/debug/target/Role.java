package ttd.debug.target;

/**
 * Why the console made an event request, kept as the request's property: the user's own requests
 * stop the replay, observers only take note (a reverse search, a field's history), the others
 * serve one motion (a step, a goto).
 */
public enum Role {
  USER,
  OBSERVER,
  STEP,
  GOTO,
  PREPARE;

  public static final String KEY = "ttd.role";
}
