package ttd.debug.jdwp;

/**
 * A command that gets a JDWP error code instead of a reply (specification, "Error Constants"),
 * with what the console says about it when the client should know why (null: nothing).
 */
final class JdwpError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  static final int INVALID_THREAD = 10;
  static final int INVALID_THREAD_GROUP = 11;
  static final int THREAD_NOT_SUSPENDED = 13;
  static final int INVALID_OBJECT = 20;
  static final int INVALID_CLASS = 21;
  static final int CLASS_NOT_PREPARED = 22;
  static final int INVALID_METHODID = 23;
  static final int INVALID_LOCATION = 24;
  static final int INVALID_FIELDID = 25;
  static final int INVALID_FRAMEID = 30;
  static final int NO_MORE_FRAMES = 31;
  static final int OPAQUE_FRAME = 32;
  static final int TYPE_MISMATCH = 34;
  static final int INVALID_SLOT = 35;
  static final int NOT_FOUND = 41;
  static final int INVALID_MODULE = 42;
  static final int NOT_IMPLEMENTED = 99;
  static final int ABSENT_INFORMATION = 101;
  static final int INVALID_EVENT_TYPE = 102;
  static final int ILLEGAL_ARGUMENT = 103;
  static final int VM_DEAD = 112;
  static final int INTERNAL = 113;
  static final int INVALID_TAG = 500;
  static final int INVALID_INDEX = 503;
  static final int INVALID_LENGTH = 504;
  static final int INVALID_STRING = 506;
  static final int INVALID_ARRAY = 508;

  final int code;
  final String sentence;

  JdwpError(int code) {
    this(code, null);
  }

  JdwpError(int code, String sentence) {
    super(sentence == null ? "JDWP error " + code : sentence, null, false, false);
    this.code = code;
    this.sentence = sentence;
  }
}
