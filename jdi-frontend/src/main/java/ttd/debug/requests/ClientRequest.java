package ttd.debug.requests;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import java.util.List;
import java.util.function.Predicate;

/**
 * A request another client of the console made (an IDE over JDWP: a breakpoint at a bytecode
 * location, a field watch, an exception catch, with its filters). The client knows how its JDI
 * requests look in a replay JVM; like every spec it outlives the JVM it was set in, and reverse
 * searches observe it. Equal only to itself.
 */
public final class ClientRequest implements Spec {

  /** Makes the JDI requests for one loaded type (none: not in this type). */
  public interface Maker {
    List<EventRequest> make(EventRequestManager erm, ReferenceType type);
  }

  private final String className;
  private final String description;
  private final Predicate<ReferenceType> applies;
  private final Maker maker;

  /**
   * {@code className}: a binary name or a JDI class pattern ({@code *} for every class, {@code
   * pkg.*}) whose loading a deferred request waits for; {@code applies}: which loaded types get
   * requests.
   */
  public ClientRequest(String className, String description, Predicate<ReferenceType> applies, Maker maker) {
    this.className = className;
    this.description = description;
    this.applies = applies;
    this.maker = maker;
  }

  @Override
  public String className() {
    return className;
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public boolean matches(ReferenceType type) {
    return applies.test(type);
  }

  @Override
  public String[] preparePatterns() {
    return new String[] {className};
  }

  List<EventRequest> make(EventRequestManager erm, ReferenceType type) {
    return maker.make(erm, type);
  }
}
