package ttd.debug.jdwp;

import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import ttd.debug.console.CommandTable;
import ttd.debug.console.ConsoleLink;
import ttd.debug.replayvm.Role;
import ttd.debug.replayvm.Target;

/**
 * ttd as the JDWP server an IDE or jdb attaches to ({@code ttd debug REC --jdwp [HOST:]PORT}):
 * it listens (on the loopback interface unless a host is given), takes one debugger at a time,
 * and serialises it with the console on one lock, so that the console and the debugger share one
 * position. A debugger that goes, or bytes that are not JDWP, cost one {@code ttd:} line; the
 * console goes on and the next debugger can attach.
 */
public final class JdwpServer implements AutoCloseable {

  static final boolean TRACE = Boolean.getBoolean("ttd.jdwp.trace");

  private final ConsoleLink link;
  private final ServerSocket socket;
  private final PrintStream messages;
  private ConsoleCapture capture;
  private final ReentrantLock lock = new ReentrantLock();
  private volatile Client client;
  private volatile boolean reverse;
  private volatile boolean moving;
  private volatile boolean closed;
  private volatile boolean endIsDeath;
  private int detaches;
  private Target hooked;
  private final List<EventRequest> hooks = new ArrayList<>();

  private JdwpServer(ConsoleLink link, ServerSocket socket, PrintStream messages) {
    this.link = link;
    this.socket = socket;
    this.messages = messages;
    link.onShown(this::shown);
  }

  /**
   * Listens on {@code address} ({@code PORT} or {@code HOST:PORT}); {@link IllegalArgumentException}
   * with the sentence to print if it cannot.
   */
  public static JdwpServer listen(ConsoleLink link, String address, PrintStream messages) {
    int colon = address.lastIndexOf(':');
    String host = colon < 0 ? "127.0.0.1" : address.substring(0, colon);
    int port;
    try {
      port = Integer.parseInt(address.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--jdwp takes a port or host:port, not '" + address + "'");
    }
    ServerSocket s;
    try {
      s = new ServerSocket();
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(InetAddress.getByName(host), port));
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot listen for debuggers on " + host + ":" + port + " (" + e.getMessage()
          + "); choose another port with --jdwp");
    }
    JdwpServer server = new JdwpServer(link, s, messages);
    Thread accept = new Thread(server::acceptLoop, "ttd-jdwp-accept");
    accept.setDaemon(true);
    accept.start();
    return server;
  }

  /** Where the server listens, as {@code host:port}. */
  public String address() {
    return socket.getInetAddress().getHostAddress() + ":" + socket.getLocalPort();
  }

  /** Whether other machines can reach the server. */
  public boolean loopbackOnly() {
    return socket.getInetAddress().isLoopbackAddress();
  }

  /** Whether a debugger is attached now. */
  public boolean attached() {
    return client != null;
  }

  private void acceptLoop() {
    while (!closed) {
      Socket s;
      try {
        s = socket.accept();
      } catch (IOException e) {
        return; // closed
      }
      if (client != null) {
        messages.println("ttd: a second debugger tried to attach while one is attached; it was turned away");
        closeQuietly(s);
        continue;
      }
      Thread serve = new Thread(() -> serve(s), "ttd-jdwp-client");
      serve.setDaemon(true);
      serve.start();
    }
  }

  private void serve(Socket s) {
    Wire wire;
    try {
      s.setTcpNoDelay(true);
      wire = new Wire(s.getInputStream(), s.getOutputStream());
      wire.handshake();
    } catch (Wire.Garbage e) {
      messages.println("ttd: " + e.getMessage() + " on the debugger port; closed that connection, the next debugger can attach");
      closeQuietly(s);
      return;
    } catch (IOException e) {
      closeQuietly(s);
      return;
    }
    Client c = locked(() -> new Client(this, link, wire));
    client = c;
    messages.println("ttd: a debugger attached from " + s.getInetAddress().getHostAddress() + "; it shares this console's position");
    Thread dispatch = new Thread(c::dispatchLoop, "ttd-jdwp-dispatch");
    dispatch.setDaemon(true);
    dispatch.start();
    String why = "detached";
    try {
      c.readLoop();
    } catch (Wire.Garbage e) {
      why = "sent something that is not JDWP (" + e.getMessage() + ") and was disconnected";
    } catch (EOFException | SocketException e) {
      why = "detached";
    } catch (IOException e) {
      why = "was disconnected (" + e.getMessage() + ")";
    } finally {
      c.close();
      try {
        dispatch.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      locked(() -> {
        c.detach();
        client = null;
        unhook();
        return null;
      });
      closeQuietly(s);
    }
    synchronized (this) {
      detaches++;
      notifyAll();
    }
    if (c.toldDeath()) {
      messages.println("ttd: the replay reached the recording's end; the debugger was told the program ended");
    } else if (!closed) {
      messages.println("ttd: the debugger " + why + "; its breakpoints are gone, the console goes on, and a debugger can attach again");
    }
  }

  /** Waits until a debugger has attached and detached again. */
  public synchronized void awaitDetach() throws InterruptedException {
    while (detaches == 0) {
      wait();
    }
  }

  /** Runs {@code r} with the session to itself. */
  <T> T locked(java.util.function.Supplier<T> r) {
    lock.lock();
    try {
      return r.get();
    } finally {
      lock.unlock();
    }
  }

  void locked(Runnable r) {
    locked(() -> {
      r.run();
      return null;
    });
  }

  /**
   * A line the user typed in the console: run under the lock, and an attached debugger is told
   * where the console went.
   */
  public boolean console(String line, java.util.function.Predicate<String> run) {
    return locked(() -> {
      moving = CommandTable.moves(line) != CommandTable.Moves.NONE;
      try {
        return run.test(line);
      } finally {
        moving = false;
        Client c = client;
        if (c != null) {
          c.noteMoves(false, null);
        }
      }
    });
  }

  /** A console command a debugger's motion runs (the lock is held). */
  void runMotion(String command) {
    runMotion(command, false);
  }

  /**
   * The same, printed first as {@code (debugger) COMMAND} with {@code announce}: a Suspend that
   * comes once the line is out stops the motion.
   */
  void runMotion(String command, boolean announce) {
    moving = true;
    try {
      if (announce) {
        link.out().println("(debugger) " + command);
      }
      link.execute(command);
    } finally {
      moving = false;
    }
  }

  /** A debugger's Suspend while the replay moves: stops the motion as Ctrl-C does. */
  void interruptMotion() {
    if (moving) {
      link.interrupt();
    }
  }

  /** Keeps the console's output while a vendor command runs (null: replies carry no text). */
  public void capture(ConsoleCapture c) {
    capture = c;
  }

  /** What the console printed while {@code r} ran. */
  String captured(Runnable r) {
    if (capture == null) {
      r.run();
      return "";
    }
    link.out().flush();
    capture.start();
    try {
      r.run();
    } finally {
      link.out().flush();
    }
    return capture.stop();
  }

  /**
   * {@code replay --jdwp}: the recording's end is the program's end for the debugger, as on a
   * JVM: it gets VM_DEATH and the connection closes. Without it ({@code debug --jdwp}) the
   * debugger is held at the end, where the console can still take it back.
   */
  public void endAtVmDeath() {
    endIsDeath = true;
  }

  boolean endIsDeath() {
    return endIsDeath;
  }

  /** Whether Resume and the steps of a debugger run backwards. */
  public boolean reverse() {
    return reverse;
  }

  public void reverse(boolean on) {
    reverse = on;
  }

  // ---- classes the debugger waits for, in each replay JVM the console shows

  private void shown(Target t) {
    t.onClassPrepare(type -> {
      Client c = client;
      if (c != null && lock.isHeldByCurrentThread()) {
        c.classPrepared(type);
      }
    });
    hooked = null;
    hooks.clear();
    Client c = client;
    if (c != null) {
      hook(t, c);
    }
  }

  /** The client's suspending class-prepare requests changed: the shown JVM gets them anew. */
  void prepareHooksChanged() {
    unhook();
    Client c = client;
    if (c != null) {
      hook(link.target(), c);
    }
  }

  private void hook(Target t, Client c) {
    hooked = t;
    try {
      EventRequestManager erm = t.vm().eventRequestManager();
      for (IdeRequest r : c.suspendingPrepares()) {
        ClassPrepareRequest p = erm.createClassPrepareRequest();
        r.classMatch.forEach(p::addClassFilter);
        r.classExclude.forEach(p::addClassExclusionFilter);
        r.sourceNames.forEach(p::addSourceNameFilter);
        p.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        p.putProperty(Role.KEY, Role.PREPARE);
        p.enable();
        hooks.add(p);
      }
    } catch (RuntimeException e) {
      // the JVM has ended: nothing will load in it
    }
  }

  private void unhook() {
    if (hooked != null) {
      try {
        hooked.vm().eventRequestManager().deleteEventRequests(hooks);
      } catch (RuntimeException e) {
        // gone with its JVM
      }
    }
    hooks.clear();
    hooked = null;
  }

  @Override
  public void close() {
    closed = true;
    Client c = client;
    if (c != null) {
      c.close();
    }
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      OutputStream o = s.getOutputStream();
      o.flush();
      s.close();
    } catch (IOException e) {
      // gone already
    }
  }
}
