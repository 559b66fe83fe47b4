package ttd.nativeside.mi;

/**
 * One line of gdb's machine-interface output: a result ({@code ^done}, {@code ^running},
 * {@code ^error}), an asynchronous record ({@code *stopped}, {@code =breakpoint-created}), a
 * stream ({@code ~} console text, {@code @} the program's, {@code &} gdb's log), or the prompt.
 *
 * @param kind the record's first character: {@code ^ * + = ~ @ &}, or {@code (} for the prompt
 * @param token the number the command was sent with, or -1
 * @param klass {@code done}, {@code stopped}, ...; empty for streams and the prompt
 * @param results the record's results as a tuple; for a stream, its text is {@link #text()}
 * @param text the decoded text of a stream record, else empty
 */
public record MiRecord(char kind, long token, String klass, MiValue results, String text) {

  public boolean isResult() {
    return kind == '^';
  }

  public boolean isPrompt() {
    return kind == '(';
  }

  /** A field of the results, e.g. {@code msg} of an error. */
  public MiValue get(String name) {
    return results.get(name);
  }
}
