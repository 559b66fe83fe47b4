package ttd.nativeside.console;

/** gdb's refusals, as the console's one-line answers. */
final class GdbRefusals {

  private GdbRefusals() {}

  /** One line for a command gdb refused with {@code message}. */
  static String refusal(String message) {
    if (message == null) {
      return "gdb refused that";
    }
    if (message.contains("Process record: inferior program stopped")) {
      return "the program is at its exit, the end of its recorded history; go back with reverse-continue or the other reverse commands";
    }
    if (message.contains("Target native does not support this command") || message.contains("Target does not support this command")) {
      return "there is no recorded history here to run backwards in: `run` starts the program under the recorder";
    }
    if (message.contains("The program is not being run")) {
      return "the program has not started yet; `run` starts it";
    }
    return "gdb: " + message;
  }
}
