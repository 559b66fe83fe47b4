package ttd.debug.jdwp;

import ttd.debug.replayvm.Position;

/**
 * ttd's vendor command set ({@link JdwpCommandTable#VENDOR}), for IDE plugins and scripts that drive
 * time: reverse-continue and the reverse steps, goto, when, checkpoints, history and the
 * direction of Resume. A command that moves answers after the move, with the console's words and
 * the new position, and the client then gets the stop as an event like any other. Packet layouts:
 * {@code docs/jdwp.md}.
 */
final class VendorCommands {

  static final int MAJOR = 1;
  static final int MINOR = 0;

  private final Client client;

  VendorCommands(Client client) {
    this.client = client;
  }

  void version(Call c) {
    c.out().writeString("ttd").writeInt(MAJOR).writeInt(MINOR);
  }

  /** Runs a console command; replies its output and where the console is then. */
  void console(Call c, String command) {
    String text = client.server().captured(() -> client.server().runMotion(command));
    Position p = client.link().position();
    c.out().writeString(text).writeLong(p.event()).writeLong(p.tick());
    client.afterReply(() -> client.noteMoves(false, null));
  }

  void onThread(Call c, String command) {
    long thread = c.in().readId();
    client.link().selectThread(c.ids().threadName(thread));
    console(c, command);
  }

  void withArgument(Call c, String command) {
    console(c, command + " " + c.in().readString());
  }

  void when(Call c) {
    Position p = client.link().position();
    c.out().writeLong(p.event()).writeLong(p.tick()).writeString(client.link().started() ? client.link().positionName() : "start");
  }

  /** 0: forwards, 1: backwards, anything else: only ask; replies the direction now. */
  void direction(Call c) {
    int d = c.in().readByte();
    if (d == 0 || d == 1) {
      client.server().reverse(d == 1);
      client.link().out().println("(debugger) direction " + (d == 1 ? "reverse" : "forward"));
    }
    c.out().writeByte(client.server().reverse() ? 1 : 0);
  }
}
